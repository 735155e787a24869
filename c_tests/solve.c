/* Calls Kibitz's DDS interface from C through Kibitz's own <dds/dll.h>:
   solving, tables, error codes, texts, information, threads. Exits
   non-zero on any mismatch with DDS 2.9.0's documented results. */
#include <dds/dll.h>
#include <pthread.h>

#include "common.h"

static struct dealPBN list1_pbn(void) {
  struct dealPBN d;
  memset(&d, 0, sizeof d);
  d.trump = 0;
  d.first = 0;
  strcpy(d.remainCards, LIST1_PBN);
  return d;
}

static struct deal list1_bin(void) {
  struct deal d;
  memset(&d, 0, sizeof d);
  pbn_to_holdings(LIST1_PBN, d.remainCards);
  return d;
}

static void solving(void) {
  struct futureTricks f;
  memset(&f, 0x5a, sizeof f);
  CHECK_EQ(SolveBoardPBN(list1_pbn(), -1, 3, 1, &f, 0), RETURN_NO_FAULT);
  check_list1_fut(&f);
  /* Kibitz fills unused slots with 0. */
  for (int i = 9; i < 13; i++) {
    CHECK_EQ(f.suit[i], 0);
    CHECK_EQ(f.rank[i], 0);
    CHECK_EQ(f.equals[i], 0);
    CHECK_EQ(f.score[i], 0);
  }

  memset(&f, 0, sizeof f);
  CHECK_EQ(SolveBoard(list1_bin(), -1, 3, 1, &f, 0), RETURN_NO_FAULT);
  check_list1_fut(&f);

  /* Best card only. */
  CHECK_EQ(SolveBoard(list1_bin(), -1, 1, 1, &f, 0), RETURN_NO_FAULT);
  CHECK_EQ(f.cards, 1);
  CHECK_EQ(f.score[0], 5);
  /* All optimal cards. */
  CHECK_EQ(SolveBoard(list1_bin(), -1, 2, 1, &f, 0), RETURN_NO_FAULT);
  CHECK_EQ(f.cards, 6);
  for (int i = 0; i < 6; i++) CHECK_EQ(f.score[i], 5);
  /* Target 0, one card: no search. */
  CHECK_EQ(SolveBoard(list1_bin(), 0, 1, 1, &f, 0), RETURN_NO_FAULT);
  CHECK_EQ(f.cards, 1);
  CHECK_EQ(f.score[0], 0);
  CHECK_EQ(f.nodes, 0);
  /* Unreachable target: no card, score[0] = -1. */
  CHECK_EQ(SolveBoard(list1_bin(), 9, 1, 1, &f, 0), RETURN_NO_FAULT);
  CHECK_EQ(f.cards, 0);
  CHECK_EQ(f.score[0], -1);
  /* Reachable target: score = target. */
  CHECK_EQ(SolveBoard(list1_bin(), 4, 2, 1, &f, 0), RETURN_NO_FAULT);
  CHECK_EQ(f.cards, 9);
  CHECK_EQ(f.score[8], 4);
}

static void tables(void) {
  struct ddTableDeal td;
  struct ddTableDealPBN tp;
  struct ddTableResults t;
  pbn_to_holdings(LIST1_PBN, td.cards);
  memset(&t, 0, sizeof t);
  CHECK_EQ(CalcDDtable(td, &t), RETURN_NO_FAULT);
  check_list1_table(&t);
  memset(&tp, 0, sizeof tp);
  strcpy(tp.cards, LIST1_PBN);
  memset(&t, 0, sizeof t);
  CHECK_EQ(CalcDDtablePBN(tp, &t), RETURN_NO_FAULT);
  check_list1_table(&t);
  CHECK_EQ(CalcDDtable(td, NULL), RETURN_UNKNOWN_FAULT);
  strcpy(tp.cards, "X:AKQ");
  CHECK_EQ(CalcDDtablePBN(tp, &t), RETURN_PBN_FAULT);
  td.cards[0][0] |= 1u << 2; /* 53 cards */
  CHECK_EQ(CalcDDtable(td, &t), RETURN_TOO_MANY_CARDS);
}

static void errors(void) {
  struct futureTricks f;
  struct deal d = list1_bin();
  struct dealPBN p = list1_pbn();
  CHECK_EQ(SolveBoard(d, -1, 1, 1, NULL, 0), RETURN_UNKNOWN_FAULT);
  CHECK_EQ(SolveBoard(d, 14, 1, 1, &f, 0), RETURN_TARGET_WRONG_HI);
  CHECK_EQ(SolveBoard(d, -2, 1, 1, &f, 0), RETURN_TARGET_WRONG_LO);
  CHECK_EQ(SolveBoard(d, -1, 0, 1, &f, 0), RETURN_SOLNS_WRONG_LO);
  CHECK_EQ(SolveBoard(d, -1, 4, 1, &f, 0), RETURN_SOLNS_WRONG_HI);
  CHECK_EQ(SolveBoard(d, -1, 1, 3, &f, 0), RETURN_MODE_WRONG_HI);
  CHECK_EQ(SolveBoard(d, -1, 1, 1, &f, 99), RETURN_THREAD_INDEX);
  CHECK_EQ(SolveBoard(d, -1, 1, 1, &f, -1), RETURN_THREAD_INDEX);
  /* The thread index is checked before everything else. */
  CHECK_EQ(SolveBoard(d, 14, 9, 9, &f, 99), RETURN_THREAD_INDEX);
  d.trump = 5;
  CHECK_EQ(SolveBoard(d, -1, 1, 1, &f, 0), RETURN_TRUMP_WRONG);
  d = list1_bin();
  d.first = 4;
  CHECK_EQ(SolveBoard(d, -1, 1, 1, &f, 0), RETURN_FIRST_WRONG);
  d = list1_bin();
  d.currentTrickRank[0] = 1;
  CHECK_EQ(SolveBoard(d, -1, 1, 1, &f, 0), RETURN_SUIT_OR_RANK);
  memset(&d, 0, sizeof d);
  CHECK_EQ(SolveBoard(d, -1, 1, 1, &f, 0), RETURN_ZERO_CARDS);
  d = list1_bin();
  d.remainCards[1][0] &= ~(1u << 8); /* East's S8 played, North led */
  d.currentTrickRank[0] = 8;
  CHECK_EQ(SolveBoard(d, -1, 1, 1, &f, 0), RETURN_CARD_COUNT);
  d.first = 1; /* East led it: fine */
  CHECK_EQ(SolveBoard(d, -1, 1, 1, &f, 0), RETURN_NO_FAULT);
  d.currentTrickRank[0] = 7; /* S7 still held by East */
  d.remainCards[1][0] |= 1u << 8;
  d.remainCards[1][0] &= ~(1u << 3);
  CHECK_EQ(SolveBoard(d, -1, 1, 1, &f, 0), RETURN_PLAYED_CARD);
  strcpy(p.remainCards, "   N:AKQ");
  CHECK_EQ(SolveBoardPBN(p, -1, 1, 1, &f, 0), RETURN_PBN_FAULT);
  /* The PBN text is checked before the thread index. */
  CHECK_EQ(SolveBoardPBN(p, -1, 1, 1, &f, 99), RETURN_PBN_FAULT);
}

static void messages(void) {
  struct {
    int code;
    const char *text;
  } codes[] = {
      {RETURN_NO_FAULT, TEXT_NO_FAULT},
      {RETURN_UNKNOWN_FAULT, TEXT_UNKNOWN_FAULT},
      {RETURN_ZERO_CARDS, TEXT_ZERO_CARDS},
      {RETURN_TARGET_TOO_HIGH, TEXT_TARGET_TOO_HIGH},
      {RETURN_DUPLICATE_CARDS, TEXT_DUPLICATE_CARDS},
      {RETURN_TARGET_WRONG_LO, TEXT_TARGET_WRONG_LO},
      {RETURN_TARGET_WRONG_HI, TEXT_TARGET_WRONG_HI},
      {RETURN_SOLNS_WRONG_LO, TEXT_SOLNS_WRONG_LO},
      {RETURN_SOLNS_WRONG_HI, TEXT_SOLNS_WRONG_HI},
      {RETURN_TOO_MANY_CARDS, TEXT_TOO_MANY_CARDS},
      {RETURN_SUIT_OR_RANK, TEXT_SUIT_OR_RANK},
      {RETURN_PLAYED_CARD, TEXT_PLAYED_CARD},
      {RETURN_CARD_COUNT, TEXT_CARD_COUNT},
      {RETURN_THREAD_INDEX, TEXT_THREAD_INDEX},
      {RETURN_MODE_WRONG_LO, TEXT_MODE_WRONG_LO},
      {RETURN_MODE_WRONG_HI, TEXT_MODE_WRONG_HI},
      {RETURN_TRUMP_WRONG, TEXT_TRUMP_WRONG},
      {RETURN_FIRST_WRONG, TEXT_FIRST_WRONG},
      {RETURN_PLAY_FAULT, TEXT_PLAY_FAULT},
      {RETURN_PBN_FAULT, TEXT_PBN_FAULT},
      {RETURN_TOO_MANY_BOARDS, TEXT_TOO_MANY_BOARDS},
      {RETURN_THREAD_CREATE, TEXT_THREAD_CREATE},
      {RETURN_THREAD_WAIT, TEXT_THREAD_WAIT},
      {RETURN_THREAD_MISSING, TEXT_THREAD_MISSING},
      {RETURN_NO_SUIT, TEXT_NO_SUIT},
      {RETURN_TOO_MANY_TABLES, TEXT_TOO_MANY_TABLES},
      {RETURN_CHUNK_SIZE, TEXT_CHUNK_SIZE},
      {-6, "Not a DDS error code"},
      {-11, "Not a DDS error code"},
      {0, "Not a DDS error code"},
      {12345, "Not a DDS error code"},
  };
  char line[80];
  for (size_t i = 0; i < sizeof codes / sizeof codes[0]; i++) {
    memset(line, 'x', sizeof line);
    ErrorMessage(codes[i].code, line);
    CHECK(memchr(line, 0, sizeof line) != NULL);
    if (strcmp(line, codes[i].text) != 0) {
      fprintf(stderr, "ErrorMessage(%d) = '%.80s', expected '%s'\n",
              codes[i].code, line, codes[i].text);
      failures++;
    }
  }
  CHECK_EQ(strcmp(TEXT_FIRST_WRONG, "First is not in 0 .. 2"), 0);
  ErrorMessage(-1, NULL); /* must not crash */
}

static void info_and_threads(void) {
  struct DDSInfo info;
  memset(&info, 0x5a, sizeof info);
  GetDDSInfo(&info);
  CHECK_EQ(info.major, 2);
  CHECK_EQ(info.minor, 9);
  CHECK_EQ(info.patch, 0);
  CHECK_EQ(strcmp(info.versionString, "2.9.0"), 0);
  CHECK_EQ(info.system, 3);
  CHECK_EQ(info.numBits, (int)(8 * sizeof(void *)));
  CHECK_EQ(info.threading, 5);
  CHECK(info.numCores >= 1);
  CHECK(info.noOfThreads >= 1 && info.noOfThreads <= info.numCores);
  CHECK(memchr(info.threadSizes, 0, sizeof info.threadSizes) != NULL);
  CHECK(strstr(info.threadSizes, " S, ") != NULL);
  CHECK(memchr(info.systemString, 0, sizeof info.systemString) != NULL);
  CHECK(strstr(info.systemString, "Kibitz") != NULL);
  GetDDSInfo(NULL); /* must not crash */

  CHECK_EQ(SetThreading(5), RETURN_NO_FAULT);
  CHECK_EQ(SetThreading(0), RETURN_NO_FAULT);
  CHECK_EQ(SetThreading(1), RETURN_THREAD_MISSING);
  CHECK_EQ(SetThreading(6), RETURN_THREAD_MISSING);
  CHECK_EQ(SetThreading(5), RETURN_NO_FAULT);

  struct futureTricks f;
  SetResources(0, 1);
  GetDDSInfo(&info);
  CHECK_EQ(info.noOfThreads, 1);
  CHECK_EQ(SolveBoard(list1_bin(), -1, 1, 1, &f, 1), RETURN_THREAD_INDEX);
  CHECK_EQ(SolveBoard(list1_bin(), -1, 1, 1, &f, 0), RETURN_NO_FAULT);
  SetMaxThreads(0);
  GetDDSInfo(&info);
  CHECK_EQ(info.noOfThreads, info.numCores);
  FreeMemory();
  CHECK_EQ(SolveBoard(list1_bin(), -1, 1, 1, &f, 0), RETURN_NO_FAULT);
  CHECK_EQ(f.score[0], 5);
}

struct job {
  int index;
  int ret;
  struct futureTricks fut;
  struct ddTableResults table;
  int table_ret;
};

static void *run_job(void *arg) {
  struct job *j = arg;
  j->ret = SolveBoard(list1_bin(), -1, 3, 1, &j->fut, j->index);
  if (j->index == 0) { /* one table alongside the other solves */
    struct ddTableDeal td;
    pbn_to_holdings(LIST1_PBN, td.cards);
    j->table_ret = CalcDDtable(td, &j->table);
  }
  return NULL;
}

static void concurrency(void) {
  struct DDSInfo info;
  GetDDSInfo(&info);
  int n = info.noOfThreads < 4 ? info.noOfThreads : 4;
  pthread_t threads[4];
  struct job jobs[4];
  for (int i = 0; i < n; i++) {
    memset(&jobs[i], 0, sizeof jobs[i]);
    jobs[i].index = i;
    CHECK_EQ(pthread_create(&threads[i], NULL, run_job, &jobs[i]), 0);
  }
  for (int i = 0; i < n; i++) {
    pthread_join(threads[i], NULL);
    CHECK_EQ(jobs[i].ret, RETURN_NO_FAULT);
    check_list1_fut(&jobs[i].fut);
    if (i == 0) {
      CHECK_EQ(jobs[i].table_ret, RETURN_NO_FAULT);
      check_list1_table(&jobs[i].table);
    }
  }
}

int main(void) {
  SetMaxThreads(0);
  solving();
  tables();
  errors();
  messages();
  info_and_threads();
  concurrency();
  return finish("solve");
}
