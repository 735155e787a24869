/* Calls Kibitz's backgammon cube interface from C through
   <kibitz/backgammon.h>: match equity tables (default and from XML),
   gammon prices, MWC/equity conversions, a 0-ply cube analysis with its
   decision text, cube efficiency, and the errors for bad input. Expected
   numbers are gnubg 1.07's. Compiled with -Wall -Werror. */
#include <kibitz/backgammon.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "check.h"

#define CHECK_NEAR(got, want, tol) CHECK(fabs((double)(got) - (want)) <= (tol))

static void tables(void) {
  const bg_met *def = bg_met_default();
  CHECK(def != NULL);
  CHECK_NEAR(bg_met_pre(NULL, 1, 2), 0.67736, 1e-7);
  CHECK_NEAR(bg_met_pre(def, 2, 3), 0.59947, 1e-7);
  CHECK_NEAR(bg_met_pre(def, 26, 1), 0.0008208156, 1e-9);
  CHECK_NEAR(bg_met_post(NULL, 25), 0.00118125, 1e-9);
  CHECK(isnan(bg_met_pre(NULL, 0, 3)));
  CHECK(isnan(bg_met_post(NULL, 65)));

  const char *xml =
      "<met><info><name>two</name><length>2</length></info>"
      "<pre-crawford-table type=\"explicit\">"
      "<row><me>0.5</me><me>0.7</me></row><row><me>0.3</me><me>0.5</me></row>"
      "</pre-crawford-table><post-crawford-table player=\"both\">"
      "<row><me>0.5</me><me>0.48</me></row></post-crawford-table></met>";
  char err[80] = "";
  bg_met *m = bg_met_from_xml(xml, err, sizeof err);
  CHECK(m != NULL);
  CHECK_NEAR(bg_met_pre(m, 1, 2), 0.7, 1e-7);
  CHECK_NEAR(bg_met_post(m, 2), 0.485, 1e-7);
  bg_met_free(m);
  CHECK(bg_met_from_xml("<met>", err, sizeof err) == NULL);
  CHECK_STR(err, "the file ends inside <met>");
  CHECK(bg_met_from_xml(NULL, NULL, 0) == NULL);
}

static void conversions(void) {
  bg_cube_info ci = {1, -1, 0, 7, {0, 0}, 0, 0, 0};
  float gp[4];
  CHECK_EQ(bg_gammon_prices(&ci, NULL, gp), BG_OK);
  CHECK_NEAR(gp[0], 1.0185287, 1e-6);
  CHECK_NEAR(gp[2], 1.1637125, 1e-6);
  CHECK_NEAR(bg_eq2mwc(-1.0f, &ci, NULL), 0.43739003, 1e-7);
  CHECK_NEAR(bg_mwc2eq(0.75f, &ci, NULL), 3.99297333, 1e-5);
  ci.score[0] = 3;
  ci.score[1] = 5;
  CHECK_NEAR(bg_mwc2eq(0.5f, &ci, NULL), 1.92577589, 1e-5);
  ci.score[0] = 7; /* a score must be below the match length */
  CHECK_EQ(bg_gammon_prices(&ci, NULL, gp), BG_ERR_MATCH_STATE);
  CHECK(isnan(bg_eq2mwc(0.0f, &ci, NULL)));
  float p[5] = {0.6f, 0.2f, 0.01f, 0.1f, 0.0f};
  CHECK_NEAR(bg_money_equity(p), 0.31, 1e-6);
  p[0] = 1.5f;
  CHECK(isnan(bg_money_equity(p)));
}

static void cube(void) {
  /* The opening position, money, Jacoby, x = 0.68 (gnubg 1.07). */
  float p[5] = {0.5215138f, 0.1539212f, 0.0075633f, 0.1298473f, 0.0075457f};
  bg_cube_info ci = {1, -1, 0, 0, {0, 0}, 0, 1, 0};
  bg_cube_eval e;
  CHECK_EQ(bg_cubeful_0ply(p, 0.68f, &ci, NULL, &e), BG_OK);
  CHECK_NEAR(e.no_double, 0.0843765, 2e-6);
  CHECK_NEAR(e.double_take, -0.1911321, 2e-6);
  CHECK_NEAR(e.double_pass, 1.0, 0);
  CHECK_EQ(e.decision, BG_NODOUBLE_TAKE);
  ci.beavers = 1;
  CHECK_EQ(bg_cubeful_0ply(p, 0.68f, &ci, NULL, &e), BG_OK);
  CHECK_EQ(e.decision, BG_NODOUBLE_BEAVER);
  char text[BG_CUBE_DECISION_TEXT_LEN];
  CHECK_EQ(bg_cube_decision_text(e.decision, text, sizeof text), BG_OK);
  CHECK_STR(text, "No double, beaver");
  CHECK_EQ(bg_cube_decision_text(BG_NO_REDOUBLE_DEADCUBE, text, sizeof text), BG_OK);
  CHECK_STR(text, "Never redouble, take (dead cube)");
  CHECK_EQ(bg_cube_decision_text(21, text, sizeof text), BG_ERR_VALUE);
  CHECK_EQ(bg_cube_decision_text(BG_DOUBLE_TAKE, text, 5), BG_ERR_BUFFER);
  CHECK_EQ(bg_cubeful_0ply(p, 1.5f, &ci, NULL, &e), BG_ERR_VALUE);
  CHECK_EQ(bg_cubeful_0ply(NULL, 0.68f, &ci, NULL, &e), BG_ERR_NULL);

  unsigned int b[2][25];
  CHECK_EQ(bg_position_from_id("2MY5BwDs7swAAA", b), BG_OK);
  CHECK_NEAR(bg_cube_efficiency(b), 0.65875, 1e-7);
  CHECK_EQ(bg_position_from_id("4HPwATDgc/ABMA", b), BG_OK);
  CHECK_NEAR(bg_cube_efficiency(b), 0.68, 1e-7);
  CHECK(isnan(bg_cube_efficiency(NULL)));
  CHECK_STR(bg_error_text(BG_ERR_PROBABILITIES), "probabilities must be numbers in 0..1");
}

static void bearoff(void) {
  /* bearoff2 of the reference notes: gnubg 1.07 gives w = 0.9922179 and,
     money with a centred cube, ND 0.9948424, DT 1.9688716: Double, pass. */
  unsigned int b[2][25];
  float p[5];
  bg_cube_eval e;
  bg_cube_info ci = {1, -1, 0, 0, {0, 0}, 0, 1, 0};
  CHECK_EQ(bg_position_from_id("RgMAwBIAAAAAAA", b), BG_OK);
  CHECK_EQ(bg_evaluate_bearoff(b, p), BG_OK);
  CHECK_NEAR(p[0], 0.9922179, 1e-6);
  CHECK_NEAR(p[1], 0.0, 0);
  CHECK_EQ(bg_bearoff_cube_eval(b, &ci, NULL, &e), BG_OK);
  CHECK_NEAR(e.no_double, 0.9948424, 1e-6);
  CHECK_NEAR(e.double_take, 1.9688716, 1e-6);
  CHECK_EQ(e.decision, BG_DOUBLE_PASS);
  CHECK_EQ(bg_position_from_id("4HPwATDgc/ABMA", b), BG_OK);
  CHECK_EQ(bg_evaluate_bearoff(b, p), BG_ERR_NOT_BEAROFF);
  CHECK_EQ(bg_bearoff_cube_eval(b, &ci, NULL, &e), BG_ERR_NOT_BEAROFF);
}

/* An evaluator giving gnubg 1.07's 0-ply probabilities of the opening
   position for every position; counts its calls in *user. */
static int opening_eval(const unsigned int (*board)[25], float *p, void *user) {
  (void)board;
  static const float q[5] = {0.5215138f, 0.1539212f, 0.0075633f, 0.1298473f,
                             0.0075457f};
  memcpy(p, q, sizeof q);
  ++*(int *)user;
  return 0;
}

static int failing_eval(const unsigned int (*board)[25], float *p, void *user) {
  (void)board;
  (void)p;
  (void)user;
  return 1;
}

static void nply(void) {
  unsigned int b[2][25];
  bg_cube_eval e, e0;
  int calls = 0;
  bg_cube_info money = {1, -1, 0, 0, {0, 0}, 0, 1, 0};
  float p[5] = {0.5215138f, 0.1539212f, 0.0075633f, 0.1298473f, 0.0075457f};
  CHECK_EQ(bg_position_from_id("4HPwATDgc/ABMA", b), BG_OK);
  /* 0 plies: the evaluator once, then Janowski with x = 0.68. */
  CHECK_EQ(bg_evaluate_cubeful(b, &money, NULL, 0, opening_eval, &calls, &e), BG_OK);
  CHECK_EQ(calls, 1);
  CHECK_EQ(bg_cubeful_0ply(p, 0.68f, &money, NULL, &e0), BG_OK);
  CHECK(e.no_double == e0.no_double && e.double_take == e0.double_take);
  CHECK_EQ(e.decision, e0.decision);
  CHECK_EQ(bg_evaluate_cubeful(b, &money, NULL, 1, failing_eval, NULL, &e), BG_ERR_EVALUATOR);
  CHECK_EQ(bg_evaluate_cubeful(b, &money, NULL, 1, NULL, NULL, &e), BG_ERR_EVALUATOR);
  CHECK_EQ(bg_evaluate_cubeful(b, &money, NULL, BG_MAX_PLIES + 1, NULL, NULL, &e), BG_ERR_VALUE);
  /* A two-sided bearoff at 7 points 0-0 needs no evaluator; gnubg 1.07
     1-ply: ND 0.9937785, DT 1.9871304, DP 0.9999998, Double, pass. */
  bg_cube_info match = {1, -1, 0, 7, {0, 0}, 0, 0, 0};
  CHECK_EQ(bg_position_from_id("RgMAwBIAAAAAAA", b), BG_OK);
  CHECK_EQ(bg_evaluate_cubeful(b, &match, NULL, 1, NULL, NULL, &e), BG_OK);
  CHECK_NEAR(e.no_double, 0.9937785, 2e-6);
  CHECK_NEAR(e.double_take, 1.9871304, 2e-6);
  CHECK_NEAR(e.double_pass, 0.9999998, 2e-6);
  CHECK_EQ(e.decision, BG_DOUBLE_PASS);
}

int main(void) {
  tables();
  nply();
  bearoff();
  conversions();
  cube();
  return finish("backgammon cube");
}
