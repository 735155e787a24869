/* Play analysis from C through Kibitz's own <dds/dll.h>: AnalysePlayPBN,
   AnalysePlayBin, AnalyseAllPlaysPBN/Bin and their error codes. Expected
   values are DDS 2.9's TRACE lines for hands 1 and 2 of DDS's
   hands/list100.txt. Exits non-zero on any mismatch. */
#include <dds/dll.h>
#include <stdlib.h>

#include "common.h"

/* list100.txt hand 1 (= list1): spades, North leads; 45 cards, 46 x 8. */
static const char PLAY1[] =
    "CTC4CACJH8H4HKH9D5DAD9D2S7S5S2SQD8D4DQD3H3HAH6H7C3C8CQC2S3SKSAS6HQ"
    "H5HJHTCKC9D6C5S4SJS8C6DJ";

/* list100.txt hand 2: no trump, East leads, 52 cards, 49 values. */
static const char PBN2[] =
    "E:QJT5432.T.6.QJ82 .J97543.K7532.94 87.A62.QJT4.AT75 AK96.KQ8.A98.K63";
/* The same deal starting with North (for pbn_to_holdings). */
static const char PBN2_N[] =
    "N:AK96.KQ8.A98.K63 QJT5432.T.6.QJ82 .J97543.K7532.94 87.A62.QJT4.AT75";
static const char PLAY2[] =
    "SQD2S8SAHKHTH3H2HQS2H4H6H8D6HJHAS7SKS4C4D8C2DKD4H9C5S6S3H7C7C3S5H5CT"
    "D9STD3DQDAC8S9SJC9DTCQD5CAC6DJCKCJD7";
static const int TRACE2[49] = {9,  10, 10, 10, 10, 10, 10, 10, 10, 10,
                               10, 10, 10, 10, 10, 10, 10, 10, 10, 10,
                               10, 10, 10, 10, 10, 10, 10, 10, 10, 10,
                               10, 10, 10, 10, 10, 10, 10, 9,  9,  9,
                               9,  9,  9,  9,  9,  9,  9,  9,  9};

static struct dealPBN deal_pbn(const char *pbn, int trump, int first) {
  struct dealPBN d;
  memset(&d, 0, sizeof d);
  d.trump = trump;
  d.first = first;
  strcpy(d.remainCards, pbn);
  return d;
}

static struct playTracePBN play_pbn(const char *cards) {
  struct playTracePBN p;
  memset(&p, 0, sizeof p);
  p.number = (int)(strlen(cards) / 2);
  strcpy(p.cards, cards);
  return p;
}

/* The binary form of a text play. */
static struct playTraceBin play_bin(const char *cards) {
  struct playTraceBin p;
  memset(&p, 0, sizeof p);
  p.number = (int)(strlen(cards) / 2);
  for (int k = 0; k < p.number; k++) {
    p.suit[k] = (int)(strchr("SHDC", cards[2 * k]) - "SHDC");
    p.rank[k] = (int)(strchr("23456789TJQKA", cards[2 * k + 1]) -
                      "23456789TJQKA") + 2;
  }
  return p;
}

static void single(void) {
  struct solvedPlay s;
  memset(&s, 0, sizeof s);
  CHECK_EQ(AnalysePlayPBN(deal_pbn(LIST1_PBN, 0, 0), play_pbn(PLAY1), &s, 0),
           RETURN_NO_FAULT);
  CHECK_EQ(s.number, 46);
  for (int k = 0; k < 46; k++) CHECK_EQ(s.tricks[k], 8);

  struct deal d;
  memset(&d, 0, sizeof d);
  pbn_to_holdings(LIST1_PBN, d.remainCards);
  memset(&s, 0, sizeof s);
  CHECK_EQ(AnalysePlayBin(d, play_bin(PLAY1), &s, 0), RETURN_NO_FAULT);
  CHECK_EQ(s.number, 46);
  for (int k = 0; k < 46; k++) CHECK_EQ(s.tricks[k], 8);

  /* The last trick is never analysed: 52 cards give 49 values. */
  memset(&s, 0, sizeof s);
  CHECK_EQ(AnalysePlayPBN(deal_pbn(PBN2, 4, 1), play_pbn(PLAY2), &s, 0),
           RETURN_NO_FAULT);
  CHECK_EQ(s.number, 49);
  for (int k = 0; k < 49; k++) CHECK_EQ(s.tricks[k], TRACE2[k]);

  /* Starting in the middle of a trick: North's club ten already led. The
     led card counts towards `number` (DDS's arithmetic), so 45 cards give
     45 values, those of the full play from the second card on. */
  struct deal mid = d;
  mid.remainCards[0][3] &= ~(1u << 10);
  mid.currentTrickSuit[0] = 3;
  mid.currentTrickRank[0] = 10;
  struct playTraceBin rest = play_bin(PLAY1 + 2);
  rest.number = 45;
  memset(&s, 0, sizeof s);
  CHECK_EQ(AnalysePlayBin(mid, rest, &s, 0), RETURN_NO_FAULT);
  CHECK_EQ(s.number, 45);
  for (int k = 0; k < 45; k++) CHECK_EQ(s.tricks[k], 8);

  /* No cards: only the opening value. */
  memset(&s, 0, sizeof s);
  CHECK_EQ(AnalysePlayPBN(deal_pbn(LIST1_PBN, 0, 0), play_pbn(""), &s, 0),
           RETURN_NO_FAULT);
  CHECK_EQ(s.number, 1);
  CHECK_EQ(s.tricks[0], 8);
}

static void errors(void) {
  struct solvedPlay s;
  /* North does not hold the spade ace: -98, number 0, the values before
     the faulty card written. */
  memset(&s, 0x5a, sizeof s);
  CHECK_EQ(AnalysePlayPBN(deal_pbn(LIST1_PBN, 0, 0), play_pbn("CTSA"), &s, 0),
           RETURN_PLAY_FAULT);
  CHECK_EQ(s.number, 0);
  CHECK_EQ(s.tricks[0], 8);
  CHECK_EQ(s.tricks[1], 8);
  /* Bad text, bad number. */
  CHECK_EQ(AnalysePlayPBN(deal_pbn(LIST1_PBN, 0, 0), play_pbn("CTX4"), &s, 0),
           RETURN_PLAY_FAULT);
  struct playTracePBN p = play_pbn(PLAY1);
  p.number = 53;
  CHECK_EQ(AnalysePlayPBN(deal_pbn(LIST1_PBN, 0, 0), p, &s, 0),
           RETURN_PLAY_FAULT);
  /* Bad PBN deal, bad trump, bad thread index, NULL answer. */
  CHECK_EQ(AnalysePlayPBN(deal_pbn("xx", 0, 0), play_pbn(PLAY1), &s, 0),
           RETURN_PBN_FAULT);
  CHECK_EQ(AnalysePlayPBN(deal_pbn(LIST1_PBN, 5, 0), play_pbn(PLAY1), &s, 0),
           RETURN_TRUMP_WRONG);
  CHECK_EQ(AnalysePlayPBN(deal_pbn(LIST1_PBN, 0, 0), play_pbn(PLAY1), &s, 99),
           RETURN_THREAD_INDEX);
  CHECK_EQ(AnalysePlayPBN(deal_pbn(LIST1_PBN, 0, 0), play_pbn(PLAY1), NULL, 0),
           RETURN_UNKNOWN_FAULT);
}

static void batches(void) {
  struct boardsPBN *bo = calloc(1, sizeof *bo);
  struct playTracesPBN *pl = calloc(1, sizeof *pl);
  struct solvedPlays *out = calloc(1, sizeof *out);
  CHECK(bo && pl && out);
  if (!bo || !pl || !out) return;
  bo->noOfBoards = 2;
  bo->deals[0] = deal_pbn(LIST1_PBN, 0, 0);
  bo->deals[1] = deal_pbn(PBN2, 4, 1);
  pl->noOfBoards = 2;
  pl->plays[0] = play_pbn(PLAY1);
  pl->plays[1] = play_pbn(PLAY2);
  CHECK_EQ(AnalyseAllPlaysPBN(bo, pl, out, 1), RETURN_NO_FAULT);
  CHECK_EQ(out->noOfBoards, 2);
  CHECK_EQ(out->solved[0].number, 46);
  CHECK_EQ(out->solved[0].tricks[45], 8);
  CHECK_EQ(out->solved[1].number, 49);
  for (int k = 0; k < 49; k++) CHECK_EQ(out->solved[1].tricks[k], TRACE2[k]);

  /* Board and play counts differ: -1; more than 200 boards: -101. */
  pl->noOfBoards = 1;
  CHECK_EQ(AnalyseAllPlaysPBN(bo, pl, out, 1), RETURN_UNKNOWN_FAULT);
  bo->noOfBoards = 201;
  pl->noOfBoards = 201;
  CHECK_EQ(AnalyseAllPlaysPBN(bo, pl, out, 1), RETURN_TOO_MANY_BOARDS);

  struct boards *bb = calloc(1, sizeof *bb);
  struct playTracesBin *pb = calloc(1, sizeof *pb);
  CHECK(bb && pb);
  if (bb && pb) {
    bb->noOfBoards = 1;
    bb->deals[0].trump = 4;
    bb->deals[0].first = 1;
    pbn_to_holdings(PBN2_N, bb->deals[0].remainCards);
    pb->noOfBoards = 1;
    pb->plays[0] = play_bin(PLAY2);
    memset(out, 0, sizeof *out);
    CHECK_EQ(AnalyseAllPlaysBin(bb, pb, out, 1), RETURN_NO_FAULT);
    CHECK_EQ(out->solved[0].number, 49);
    for (int k = 0; k < 49; k++) CHECK_EQ(out->solved[0].tricks[k], TRACE2[k]);
  }
  free(bb);
  free(pb);
  free(bo);
  free(pl);
  free(out);
}

int main(void) {
  single();
  errors();
  batches();
  return finish("play");
}
