/* Calls Kibitz's score interface from C through <kibitz/score.h>: mate
   and draw scores, UCI text, transposition-table adjustment, packing,
   integrated bounds, MTD(f) over a C zero-window search and the target
   driver, plus every error value. Exits non-zero on any mismatch. */
#include <kibitz/score.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "check.h"

/* A random game tree for MTD(f): complete, BRANCH children per node. */
#define BRANCH 3
#define DEPTH 6
#define LEAVES 729 /* BRANCH^DEPTH */

static int leaves[LEAVES];

static int minimax(int lo, int len, int max) {
  if (len == 1) return leaves[lo];
  int w = len / BRANCH, best = max ? INT_MIN : INT_MAX;
  for (int k = 0; k < BRANCH; k++) {
    int v = minimax(lo + k * w, w, !max);
    if (max ? v > best : v < best) best = v;
  }
  return best;
}

/* Fail-soft negamax alpha-beta. */
static int alpha_beta(int lo, int len, int sign, int alpha, int beta) {
  if (len == 1) return sign * leaves[lo];
  int w = len / BRANCH, best = -INT_MAX;
  for (int k = 0; k < BRANCH; k++) {
    int v = -alpha_beta(lo + k * w, w, -sign, -beta, -alpha);
    if (v > best) best = v;
    if (v > alpha) alpha = v;
    if (best >= beta) break;
  }
  return best;
}

static int zero_window(int beta, void *user) {
  int *calls = user;
  ++*calls;
  return alpha_beta(0, LEAVES, 1, beta - 1, beta);
}

static int reaches(int target, void *user) { return *(int *)user >= target; }

static unsigned rng_state = 12345u;
static int rnd(int n) {
  rng_state = rng_state * 1103515245u + 12345u;
  return (int)((rng_state >> 16) % (unsigned)n);
}

static void mate_scores(void) {
  CHECK_EQ(SCORE_MATE, 32000);
  CHECK_EQ(SCORE_MATE_IN_MAX_PLY, 31754);
  CHECK_EQ(SCORE_TB_WIN_IN_MAX_PLY, 31508);
  CHECK_EQ(score_mate_in(3), 31997);
  CHECK_EQ(score_mated_in(2), -31998);
  CHECK_EQ(score_mate_in(-4), 32000);
  CHECK_EQ(score_mate_in(INT_MAX), 31754);
  CHECK(score_is_mate(31754));
  CHECK(!score_is_mate(31753));
  CHECK(score_is_win(31508));
  CHECK(!score_is_win(31507));
  CHECK(score_is_loss(-31600));
  CHECK(!score_is_win(SCORE_NONE));
  CHECK_EQ(score_mate_moves(31997), 2);
  CHECK_EQ(score_mate_moves(-31998), -1);
  CHECK_EQ(score_mate_moves(150), SCORE_NONE);

  char buf[32];
  CHECK_EQ(score_to_uci(31997, SCORE_SF15_PAWN, buf, (int)sizeof buf), 6);
  CHECK(strcmp(buf, "mate 2") == 0);
  CHECK_EQ(score_to_uci(-31998, SCORE_SF15_PAWN, buf, (int)sizeof buf), 7);
  CHECK(strcmp(buf, "mate -1") == 0);
  CHECK_EQ(score_to_uci(361, SCORE_SF15_PAWN, buf, (int)sizeof buf), 6);
  CHECK(strcmp(buf, "cp 100") == 0);
  CHECK_EQ(score_to_uci(-57, 100, buf, (int)sizeof buf), 6);
  CHECK(strcmp(buf, "cp -57") == 0);
  CHECK_EQ(score_to_uci(1, 100, buf, 4), SCORE_ERR_SPACE);
  CHECK_EQ(buf[0], 0);
  CHECK_EQ(score_to_uci(1, 100, NULL, 4), SCORE_ERR_NULL);
  CHECK_EQ(score_to_uci(1, 0, buf, (int)sizeof buf), SCORE_ERR_RANGE);
  CHECK_EQ(score_to_uci(SCORE_NONE, 100, buf, (int)sizeof buf), SCORE_ERR_RANGE);

  ScoreScale classic = score_scale_classic();
  CHECK_EQ(classic.mate, 16383);
  CHECK_EQ(score_scale_check(&classic), 0);
  CHECK_EQ(score_scaled_mated_in(&classic, 0), -16383);
  CHECK_EQ(score_scaled_mate_moves(&classic, 16382), 1);
  CHECK(score_scaled_is_mate(&classic, 16300));
  CHECK(!score_scaled_is_win(&classic, 15000));
  CHECK_EQ(score_scaled_to_tt(&classic, 16380, 3), 16383);
  CHECK_EQ(score_scaled_from_tt(&classic, 16383, 3, 0), 16380);
  CHECK_EQ(score_scaled_to_uci(&classic, 16382, 100, buf, (int)sizeof buf), 6);
  CHECK(strcmp(buf, "mate 1") == 0);
  CHECK_EQ(score_scaled_draw(&classic, 4, 0, SCORE_SIDE_ROOT | SCORE_DRAW_BY_PLY), 4);
  ScoreScale bad = classic;
  bad.known_win = 2000;
  CHECK_EQ(score_scale_check(&bad), SCORE_ERR_RANGE);
  CHECK_EQ(score_scale_check(NULL), SCORE_ERR_NULL);
  CHECK_EQ(score_scaled_mate_in(&bad, 1), SCORE_NONE);
  CHECK_EQ(score_scaled_mate_in(NULL, 1), SCORE_NONE);
  CHECK_EQ(score_scaled_to_uci(&bad, 1, 100, buf, (int)sizeof buf), SCORE_ERR_RANGE);
  CHECK_EQ(score_scaled_to_uci(NULL, 1, 100, buf, (int)sizeof buf), SCORE_ERR_NULL);
}

static void tt_and_draws(void) {
  CHECK_EQ(score_to_tt(score_mate_in(3), 2), 31999);
  CHECK_EQ(score_from_tt(31999, 2, 0), 31997);
  /* Mate 99 plies after the node is trusted, 100 plies is not. */
  CHECK_EQ(score_from_tt(31901, 1, 0), 31900);
  CHECK_EQ(score_from_tt(31900, 1, 0), SCORE_MATE_IN_MAX_PLY - 1);
  CHECK_EQ(score_from_tt(-31990, 0, 90), -(SCORE_MATE_IN_MAX_PLY - 1));
  CHECK_EQ(score_from_tt(31899, 1, -1), 31898);
  CHECK_EQ(score_from_tt(SCORE_NONE, 5, 0), SCORE_NONE);
  /* Round trip for every ply (50-move guard off). */
  for (int ply = 0; ply <= SCORE_MAX_PLY; ply++)
    for (int m = ply; m <= SCORE_MAX_PLY; m++) {
      CHECK_EQ(score_from_tt(score_to_tt(score_mate_in(m), ply), ply, -1), score_mate_in(m));
      CHECK_EQ(score_from_tt(score_to_tt(score_mated_in(m), ply), ply, -1), score_mated_in(m));
    }

  int alpha = -SCORE_INFINITE, beta = SCORE_INFINITE;
  CHECK_EQ(score_mate_distance_prune(3, &alpha, &beta), 0);
  CHECK_EQ(alpha, -31997);
  CHECK_EQ(beta, 31996);
  alpha = 31998;
  CHECK_EQ(score_mate_distance_prune(3, &alpha, &beta), 1);
  CHECK_EQ(score_mate_distance_prune(3, NULL, &beta), SCORE_ERR_NULL);
  CHECK_EQ(score_mate_distance_prune(3, &alpha, NULL), SCORE_ERR_NULL);

  CHECK_EQ(score_draw(7, 0, SCORE_SIDE_ROOT), 0);
  CHECK_EQ(score_draw(7, 24, SCORE_SIDE_ROOT), -24);
  CHECK_EQ(score_draw(7, 24, SCORE_SIDE_OPPONENT), 24);
  CHECK_EQ(score_draw(7, 0, SCORE_SIDE_ROOT | SCORE_DRAW_BY_PLY), 7);
  CHECK_EQ(score_draw(7, 0, SCORE_SIDE_OPPONENT | SCORE_DRAW_BY_PLY), -7);
  CHECK_EQ(score_draw(7, INT_MAX, SCORE_SIDE_ROOT), -SCORE_EVAL_LIMIT);
  CHECK_EQ(score_draw(7, 0, 5), SCORE_NONE);
  CHECK_EQ(score_draw_jitter(0), -1);
  CHECK_EQ(score_draw_jitter(2), 1);
  CHECK_EQ(score_draw_jitter(UINT64_MAX), 1);
  CHECK_EQ(score_grain(6, 2), 8);
  CHECK_EQ(score_grain(-5, 2), -4);
  CHECK_EQ(score_grain(31997, 4), 31997);
}

static void packing(void) {
  CHECK_EQ(score_unpack(0x4000, 15), -16384);
  CHECK_EQ(score_unpack(0x7fff, 15), -1);
  CHECK_EQ(score_pack(-16383, 15), 0x4001);
  CHECK_EQ(score_pack(99999, 15), 0x3fff);
  CHECK_EQ(score_pack(1, 1), SCORE_PACK_ERROR);
  CHECK_EQ(score_pack(1, 33), SCORE_PACK_ERROR);
  CHECK_EQ(score_unpack(1, 0), SCORE_INT_ERROR);
  CHECK_EQ(score_pack_offset(32000, 17), 97536);
  CHECK_EQ(score_unpack_offset(97536, 17), 32000);
  CHECK_EQ(score_pack_offset(0, -3), SCORE_PACK_ERROR);
  CHECK_EQ(score_unpack_offset(0, 40), SCORE_INT_ERROR);
  for (int bits = 2; bits <= 16; bits++) {
    int lo = -(1 << (bits - 1)), hi = (1 << (bits - 1)) - 1;
    for (int v = lo; v <= hi; v++) {
      CHECK_EQ(score_unpack(score_pack(v, bits), bits), v);
      CHECK_EQ(score_unpack_offset(score_pack_offset(v, bits), bits), v);
    }
  }
  CHECK_EQ(score_unpack(score_pack(INT32_MIN, 32), 32), INT32_MIN);
  int32_t p = score_make_pair(-1, 5);
  CHECK_EQ(p, 0x4ffff);
  CHECK_EQ(score_mg(p), -1);
  CHECK_EQ(score_eg(p), 5);
  int32_t q = score_make_pair(-200, -300);
  CHECK_EQ(score_mg(p + q), -201);
  CHECK_EQ(score_eg(p + q), -295);
}

static void integrated_bounds(void) {
  CHECK_EQ(score_ibv_exact(3), 12);
  CHECK_EQ(score_ibv_lower(3), 13);
  CHECK_EQ(score_ibv_upper(3), 11);
  CHECK_EQ(score_ibv_value(11), 3);
  CHECK_EQ(score_ibv_value(-7), -2);
  CHECK_EQ(score_ibv_kind(13), SCORE_IBV_LOWER);
  CHECK_EQ(score_ibv_kind(-9), SCORE_IBV_UPPER);
  CHECK_EQ(score_ibv_kind(-8), SCORE_IBV_EXACT);
  CHECK_EQ(score_ibv_kind(14), SCORE_IBV_INVALID);
  CHECK_EQ(-score_ibv_lower(5), score_ibv_upper(-5));
  CHECK_EQ(score_ibv_force_exact(11), 12);
  CHECK_EQ(score_ibv_force_lower(11), 13);
  CHECK_EQ(score_ibv_value(INT32_MAX), INT32_MAX / 4 + 1);
}

static void drivers(void) {
  for (int t = 0; t < 50; t++) {
    for (int i = 0; i < LEAVES; i++) leaves[i] = rnd(2001) - 1000;
    int want = minimax(0, LEAVES, 1);
    int guesses[3] = {0, want, -want + 17};
    for (int g = 0; g < 3; g++)
      for (int bonus = 0; bonus <= 10; bonus += 10) {
        int calls = 0;
        CHECK_EQ(score_mtdf(guesses[g], zero_window, &calls, bonus), want);
        CHECK(calls >= 2);
      }
  }
  int calls = 0;
  CHECK_EQ(score_mtdf(0, NULL, &calls, 0), SCORE_INT_ERROR);

  for (int n = 0; n <= 13; n++)
    for (int v = 0; v <= n; v++)
      for (int g = -1; g <= 14; g++) CHECK_EQ(score_target_search(n, g, reaches, &v), v);
  int v = 3;
  CHECK_EQ(score_target_search(13, 7, NULL, &v), SCORE_ERR_NULL);
  CHECK_EQ(score_target_search(-1, 7, reaches, &v), SCORE_ERR_RANGE);
}

int main(void) {
  mate_scores();
  tt_and_draws();
  packing();
  integrated_bounds();
  drivers();
  return finish("score");
}
