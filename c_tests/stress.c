/* Concurrency stress test: several POSIX threads call SolveBoard (each
   with its own thread index), SolveAllBoards, CalcDDtablePBN,
   CalcAllTablesPBN, Par and AnalyseAllPlaysPBN at the same time, several
   rounds each; every answer
   must equal the one computed before on a single thread. Exits non-zero on
   any difference. STRESS_ROUNDS (default 2) sets the rounds per thread. */
#include <dds/dll.h>
#include <pthread.h>
#include <stdlib.h>

#include "common.h"

#define NDEALS 4

/* DDS's list1 hand and three more from DDS's list100.txt. */
static const char *DEALS[NDEALS] = {
    "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3",
    "E:QJT5432.T.6.QJ82 .J97543.K7532.94 87.A62.QJT4.AT75 AK96.KQ8.A98.K63",
    "N:73.QJT.AQ54.T752 QT6.876.KJ9.AQ84 5.A95432.7632.K6 AKJ9842.K.T8.J93",
    "N:K5.J8.9743.AKJ96 QJ964.AK.KQ.Q854 T3.Q97643.A862.3 A872.T52.JT5.T72"};

/* The plays of DDS's list10.txt for its first two hands (DEALS[0]:
   spades, North leads; DEALS[1]: no trump, East leads). */
static const char *PLAYS[2] = {
    "CTC4CACJH8H4HKH9D5DAD9D2S7S5S2SQD8D4DQD3H3HAH6H7C3C8CQC2S3SKSAS6HQH5HJHTCKC9D6C5S4SJS8C6DJ",
    "SQD2S8SAHKHTH3H2HQS2H4H6H8D6HJHAS7SKS4C4D8C2DKD4H9C5S6S3H7C7C3S5H5CTD9STD3DQDAC8S9SJC9DTCQD5CAC6DJCKCJD7"};

static struct parResults ref_par[NDEALS];
static struct solvedPlay ref_play[2];
static struct futureTricks ref_fut[NDEALS];
static struct ddTableResults ref_table[NDEALS];
static int rounds = 2;
static int threads_configured = 1;

static struct dealPBN board(int k) {
  struct dealPBN d;
  memset(&d, 0, sizeof d);
  d.trump = k % 5;
  d.first = k % 4;
  strcpy(d.remainCards, DEALS[k]);
  return d;
}

static int same_fut(const struct futureTricks *a, const struct futureTricks *b) {
  if (a->cards != b->cards) return 0;
  for (int i = 0; i < a->cards; i++)
    if (a->suit[i] != b->suit[i] || a->rank[i] != b->rank[i] ||
        a->equals[i] != b->equals[i] || a->score[i] != b->score[i])
      return 0;
  return 1;
}

static int same_table(const struct ddTableResults *a, const struct ddTableResults *b) {
  return memcmp(a->resTable, b->resTable, sizeof a->resTable) == 0;
}

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

static void fail(const char *what, int k) {
  pthread_mutex_lock(&lock);
  fprintf(stderr, "%s: deal %d differs from the single-threaded answer\n", what, k);
  failures++;
  pthread_mutex_unlock(&lock);
}

static void *solver(void *arg) {
  int index = (int)(long)arg % threads_configured;
  for (int r = 0; r < rounds; r++)
    for (int k = 0; k < NDEALS; k++) {
      struct futureTricks f;
      int rc = SolveBoardPBN(board(k), -1, 3, 1, &f, index);
      if (rc != RETURN_NO_FAULT || !same_fut(&f, &ref_fut[k])) fail("SolveBoardPBN", k);
    }
  return NULL;
}

static void *batch(void *arg) {
  (void)arg;
  struct boardsPBN *bo = calloc(1, sizeof *bo);
  struct solvedBoards *solved = calloc(1, sizeof *solved);
  bo->noOfBoards = NDEALS;
  for (int k = 0; k < NDEALS; k++) {
    bo->deals[k] = board(k);
    bo->target[k] = -1;
    bo->solutions[k] = 3;
    bo->mode[k] = 1;
  }
  for (int r = 0; r < rounds; r++) {
    int rc = SolveAllBoards(bo, solved);
    if (rc != RETURN_NO_FAULT || solved->noOfBoards != NDEALS) fail("SolveAllBoards", -1);
    for (int k = 0; k < NDEALS; k++)
      if (!same_fut(&solved->solvedBoard[k], &ref_fut[k])) fail("SolveAllBoards", k);
  }
  free(bo);
  free(solved);
  return NULL;
}

static void *tables(void *arg) {
  (void)arg;
  for (int r = 0; r < rounds; r++)
    for (int k = 0; k < NDEALS; k++) {
      struct ddTableDealPBN d;
      struct ddTableResults t;
      strcpy(d.cards, DEALS[k]);
      if (CalcDDtablePBN(d, &t) != RETURN_NO_FAULT || !same_table(&t, &ref_table[k]))
        fail("CalcDDtablePBN", k);
    }
  return NULL;
}

static struct dealPBN play_deal(int k) {
  struct dealPBN d;
  memset(&d, 0, sizeof d);
  d.trump = k == 0 ? 0 : 4;
  d.first = k == 0 ? 0 : 1;
  strcpy(d.remainCards, DEALS[k]);
  return d;
}

static struct playTracePBN play_trace(int k) {
  struct playTracePBN t;
  memset(&t, 0, sizeof t);
  t.number = (int)strlen(PLAYS[k]) / 2;
  strcpy(t.cards, PLAYS[k]);
  return t;
}

static void *par_and_plays(void *arg) {
  (void)arg;
  struct boardsPBN *bo = calloc(1, sizeof *bo);
  struct playTracesPBN *pl = calloc(1, sizeof *pl);
  struct solvedPlays *out = calloc(1, sizeof *out);
  bo->noOfBoards = pl->noOfBoards = 2;
  for (int k = 0; k < 2; k++) {
    bo->deals[k] = play_deal(k);
    bo->target[k] = -1;
    bo->solutions[k] = 1;
    bo->mode[k] = 1;
    pl->plays[k] = play_trace(k);
  }
  for (int r = 0; r < rounds; r++) {
    for (int k = 0; k < NDEALS; k++) {
      struct parResults p;
      memset(&p, 0, sizeof p);
      if (Par(&ref_table[k], &p, k % 4) != RETURN_NO_FAULT || memcmp(&p, &ref_par[k], sizeof p))
        fail("Par", k);
    }
    if (AnalyseAllPlaysPBN(bo, pl, out, 1) != RETURN_NO_FAULT || out->noOfBoards != 2)
      fail("AnalyseAllPlaysPBN", -1);
    for (int k = 0; k < 2; k++)
      if (out->solved[k].number != ref_play[k].number ||
          memcmp(out->solved[k].tricks, ref_play[k].tricks, sizeof(int) * ref_play[k].number))
        fail("AnalyseAllPlaysPBN", k);
  }
  free(bo);
  free(pl);
  free(out);
  return NULL;
}

static void *all_tables(void *arg) {
  (void)arg;
  struct ddTableDealsPBN *deals = calloc(1, sizeof *deals);
  struct ddTablesRes *res = calloc(1, sizeof *res);
  struct allParResults *par = calloc(1, sizeof *par);
  int filter[5] = {0, 0, 0, 0, 0};
  deals->noOfTables = NDEALS;
  for (int k = 0; k < NDEALS; k++) strcpy(deals->deals[k].cards, DEALS[k]);
  for (int r = 0; r < rounds; r++) {
    int rc = CalcAllTablesPBN(deals, -1, filter, res, par);
    if (rc != RETURN_NO_FAULT || res->noOfBoards != 4 * 5 * NDEALS) fail("CalcAllTablesPBN", -1);
    for (int k = 0; k < NDEALS; k++)
      if (!same_table(&res->results[k], &ref_table[k])) fail("CalcAllTablesPBN", k);
  }
  free(deals);
  free(res);
  free(par);
  return NULL;
}

int main(void) {
  const char *env = getenv("STRESS_ROUNDS");
  if (env) rounds = atoi(env);
  SetMaxThreads(0);
  struct DDSInfo info;
  GetDDSInfo(&info);
  threads_configured = info.noOfThreads > 0 ? info.noOfThreads : 1;

  /* The single-threaded answers. */
  for (int k = 0; k < NDEALS; k++) {
    CHECK_EQ(SolveBoardPBN(board(k), -1, 3, 1, &ref_fut[k], 0), RETURN_NO_FAULT);
    struct ddTableDealPBN d;
    strcpy(d.cards, DEALS[k]);
    CHECK_EQ(CalcDDtablePBN(d, &ref_table[k]), RETURN_NO_FAULT);
  }
  check_list1_table(&ref_table[0]);
  for (int k = 0; k < NDEALS; k++) {
    memset(&ref_par[k], 0, sizeof ref_par[k]);
    CHECK_EQ(Par(&ref_table[k], &ref_par[k], k % 4), RETURN_NO_FAULT);
  }
  for (int k = 0; k < 2; k++)
    CHECK_EQ(AnalysePlayPBN(play_deal(k), play_trace(k), &ref_play[k], 0), RETURN_NO_FAULT);
  /* DDS's TRACE lines: 46 values (all 8) and 49 values (9, 10, ..., 9). */
  CHECK_EQ(ref_play[0].number, 46);
  CHECK_EQ(ref_play[0].tricks[45], 8);
  CHECK_EQ(ref_play[1].number, 49);
  CHECK_EQ(ref_play[1].tricks[0], 9);
  CHECK_EQ(ref_play[1].tricks[1], 10);
  CHECK_EQ(ref_play[1].tricks[48], 9);

  /* Everything at once. */
  enum { NTHREADS = 7 };
  void *(*work[NTHREADS])(void *) = {solver, solver, solver, batch, tables, all_tables, par_and_plays};
  pthread_t tid[NTHREADS];
  for (long i = 0; i < NTHREADS; i++) CHECK_EQ(pthread_create(&tid[i], NULL, work[i], (void *)i), 0);
  for (int i = 0; i < NTHREADS; i++) CHECK_EQ(pthread_join(tid[i], NULL), 0);
  return finish("stress");
}
