/* Shared checks and test data of the C programs in c_tests/.
   Include after <dds/dll.h>. */
#ifndef KIBITZ_C_TESTS_COMMON_H
#define KIBITZ_C_TESTS_COMMON_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

/* DDS's list1.txt hand: spades trump, North leads. */
static const char LIST1_PBN[] =
    "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3";

/* DDS 2.9.0's FUT line for it: SolveBoard(target -1, solutions 3, mode 1). */
static const int LIST1_CARDS = 9;
static const int LIST1_SUIT[9] = {2, 2, 2, 3, 0, 0, 1, 1, 1};
static const int LIST1_RANK[9] = {5, 8, 11, 10, 6, 12, 2, 6, 13};
static const int LIST1_EQUALS[9] = {0, 0, 0, 768, 0, 2048, 0, 32, 0};
static const int LIST1_SCORE[9] = {5, 5, 5, 5, 5, 5, 4, 4, 4};

/* And its TABLE line: resTable[strain][hand]. */
static const int LIST1_TABLE[20] = {5, 8, 5, 8, 6, 6, 6, 6, 5, 7,
                                    5, 7, 7, 5, 7, 5, 6, 6, 6, 6};

/* Holding bits of a PBN deal starting "N:" (plain, well-formed). */
static inline void pbn_to_holdings(const char *pbn, unsigned int out[4][4]) {
  int hand = 0, suit = 0;
  memset(out, 0, 16 * sizeof(unsigned int));
  for (const char *p = pbn + 2; *p; p++) {
    int r = 0;
    switch (*p) {
      case ' ': hand++; suit = 0; continue;
      case '.': suit++; continue;
      case 'T': r = 10; break;
      case 'J': r = 11; break;
      case 'Q': r = 12; break;
      case 'K': r = 13; break;
      case 'A': r = 14; break;
      default: r = *p - '0';
    }
    out[hand][suit] |= 1u << r;
  }
}

/* Checks an answer against the list1 FUT line: the scores in order, the
   cards (suit, rank, equals, score) as a set. */
static inline void check_list1_fut(const struct futureTricks *f) {
  CHECK_EQ(f->cards, LIST1_CARDS);
  for (int i = 0; i < LIST1_CARDS && i < f->cards; i++) {
    CHECK_EQ(f->score[i], LIST1_SCORE[i]);
    int found = 0;
    for (int j = 0; j < f->cards; j++)
      found += f->suit[j] == LIST1_SUIT[i] && f->rank[j] == LIST1_RANK[i] &&
               f->equals[j] == LIST1_EQUALS[i] && f->score[j] == LIST1_SCORE[i];
    if (found != 1)
      fprintf(stderr, "card suit %d rank %d found %d times\n", LIST1_SUIT[i],
              LIST1_RANK[i], found);
    CHECK_EQ(found, 1);
  }
}

static inline void check_list1_table(const struct ddTableResults *t) {
  for (int s = 0; s < 5; s++)
    for (int h = 0; h < 4; h++) CHECK_EQ(t->resTable[s][h], LIST1_TABLE[4 * s + h]);
}

#endif
