/* A program written for DDS: compiled against Debian's <dds/dll.h> and
   linked against Debian's libdds.so.0, then run unchanged against Kibitz
   through LD_LIBRARY_PATH (tests/dropin.rs). It prints the results of many
   DDS functions on seeded random deals; both runs must print the same bytes.

   Not printed, because they legitimately differ: GetDDSInfo's texts, the
   order of SolveBoard's cards (printed sorted here) and which card a
   one-solution SolveBoard names (only its score is printed).

   Debian's libdds crashes in its destructors at process exit, so the
   program leaves with _exit after flushing its output. */
#include <dds/dll.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define DEALS 6

static unsigned long long rng = 20261123ULL;

static unsigned next_rand(unsigned n) {
  rng = rng * 6364136223846793005ULL + 1442695040888963407ULL;
  return (unsigned)((rng >> 33) % n);
}

/* hands[seat][suit]: DDS bit masks (bit r for rank r, 2..14). */
static void random_deal(unsigned hands[4][4]) {
  int cards[52];
  memset(hands, 0, 16 * sizeof(unsigned));
  for (int i = 0; i < 52; i++)
    cards[i] = i;
  for (int i = 51; i > 0; i--) {
    int j = (int)next_rand((unsigned)i + 1), t = cards[i];
    cards[i] = cards[j];
    cards[j] = t;
  }
  for (int i = 0; i < 52; i++)
    hands[i / 13][cards[i] / 13] |= 1u << (cards[i] % 13 + 2);
}

static void to_pbn(unsigned hands[4][4], char *out) {
  char *p = out;
  p += sprintf(p, "N:");
  for (int seat = 0; seat < 4; seat++) {
    for (int suit = 0; suit < 4; suit++) {
      for (int r = 14; r >= 2; r--)
        if (hands[seat][suit] & (1u << r))
          *p++ = "23456789TJQKA"[r - 2];
      if (suit < 3)
        *p++ = '.';
    }
    if (seat < 3)
      *p++ = ' ';
  }
  *p = 0;
}

static void print_table(const struct ddTableResults *t) {
  for (int strain = 0; strain < 5; strain++)
    printf(" %c:%d/%d/%d/%d", "SHDCN"[strain], t->resTable[strain][0], t->resTable[strain][1],
           t->resTable[strain][2], t->resTable[strain][3]);
  printf("\n");
}

static int compare_cards(const void *a, const void *b) {
  const int *x = a, *y = b;
  return x[0] != y[0] ? x[0] - y[0] : x[1] - y[1];
}

/* SolveBoard's answer with the cards in suit and rank order. */
static void print_fut(int rc, const struct futureTricks *f, int solutions) {
  int cards[13][4];
  printf("rc %d", rc);
  if (rc != RETURN_NO_FAULT) {
    printf("\n");
    return;
  }
  printf(" cards %d", f->cards);
  if (solutions == 1 || f->cards == 0) {
    printf(" score %d\n", f->score[0]);
    return;
  }
  for (int i = 0; i < f->cards; i++) {
    cards[i][0] = f->suit[i];
    cards[i][1] = f->rank[i];
    cards[i][2] = f->equals[i];
    cards[i][3] = f->score[i];
  }
  qsort(cards, (size_t)f->cards, sizeof cards[0], compare_cards);
  for (int i = 0; i < f->cards; i++)
    printf(" %c%c=%d/%x", "SHDC"[cards[i][0]], "23456789TJQKA"[cards[i][1] - 2], cards[i][3],
           cards[i][2]);
  printf("\n");
}

/* A random legal 52-card play from `first` with `trump` (4 = NT), as PBN. */
static void random_play(unsigned in[4][4], int first, int trump, char *out) {
  unsigned h[4][4];
  memcpy(h, in, sizeof h);
  int leader = first;
  char *p = out;
  for (int trick = 0; trick < 13; trick++) {
    int led = -1, win_seat = leader, win_suit = -1, win_rank = 0;
    for (int k = 0; k < 4; k++) {
      int seat = (leader + k) % 4;
      int options[13][2], n = 0;
      for (int suit = 0; suit < 4; suit++) {
        if (led >= 0 && h[seat][led] && suit != led)
          continue;
        for (int r = 2; r <= 14; r++)
          if (h[seat][suit] & (1u << r)) {
            options[n][0] = suit;
            options[n][1] = r;
            n++;
          }
      }
      int pick = (int)next_rand((unsigned)n), suit = options[pick][0], rank = options[pick][1];
      h[seat][suit] &= ~(1u << rank);
      p += sprintf(p, "%c%c", "SHDC"[suit], "23456789TJQKA"[rank - 2]);
      if (k == 0) {
        led = suit;
        win_suit = suit;
        win_rank = rank;
      } else if ((suit == win_suit && rank > win_rank) || (suit == trump && win_suit != trump)) {
        win_seat = seat;
        win_suit = suit;
        win_rank = rank;
      }
    }
    leader = win_seat;
  }
  *p = 0;
}

int main(void) {
  static unsigned hands[DEALS][4][4];
  static char pbn[DEALS][80];
  static struct ddTableResults tables[DEALS];
  char msg[80];

  SetMaxThreads(0);
  for (int d = 0; d < DEALS; d++) {
    random_deal(hands[d]);
    to_pbn(hands[d], pbn[d]);
  }

  /* DD tables one by one, and the par functions on each table. */
  for (int d = 0; d < DEALS; d++) {
    struct ddTableDealPBN td;
    struct parResults par;
    struct parResultsDealer dealer;
    struct parResultsDealer sides[2];
    strcpy(td.cards, pbn[d]);
    printf("deal %d %s\n", d, pbn[d]);
    printf("CalcDDtablePBN rc %d", CalcDDtablePBN(td, &tables[d]));
    print_table(&tables[d]);
    int vul = d % 4, dealer_seat = (d + 1) % 4;
    int rc = Par(&tables[d], &par, vul);
    printf("Par(%d) rc %d [%s] [%s] [%s] [%s]\n", vul, rc, par.parScore[0], par.parScore[1],
           par.parContractsString[0], par.parContractsString[1]);
    rc = DealerPar(&tables[d], &dealer, dealer_seat, vul);
    printf("DealerPar(%d,%d) rc %d score %d n %d", dealer_seat, vul, rc, dealer.score,
           dealer.number);
    for (int i = 0; i < dealer.number; i++)
      printf(" [%s]", dealer.contracts[i]);
    printf("\n");
    rc = SidesPar(&tables[d], sides, vul);
    printf("SidesPar(%d) rc %d", vul, rc);
    for (int s = 0; s < 2; s++) {
      printf(" | %d:", sides[s].score);
      for (int i = 0; i < sides[s].number; i++)
        printf(" [%s]", sides[s].contracts[i]);
    }
    printf("\n");
  }

  /* A batch of tables with par for every vulnerability mode. */
  for (int mode = 0; mode < 4; mode++) {
    struct ddTableDealsPBN deals;
    struct ddTablesRes res;
    struct allParResults par;
    int filter[5] = {0, 0, 0, 0, 0};
    memset(&deals, 0, sizeof deals);
    deals.noOfTables = 2;
    strcpy(deals.deals[0].cards, pbn[mode]);
    strcpy(deals.deals[1].cards, pbn[mode + 2]);
    if (mode == 3)
      filter[1] = filter[3] = 1; /* hearts and clubs left out */
    int rc = CalcAllTablesPBN(&deals, mode, filter, &res, &par);
    printf("CalcAllTablesPBN(mode %d) rc %d boards %d\n", mode, rc, res.noOfBoards);
    for (int t = 0; t < 2; t++) {
      printf(" table %d", t);
      print_table(&res.results[t]);
      printf(" par %d [%s] [%s] [%s] [%s]\n", t, par.presults[t].parScore[0],
             par.presults[t].parScore[1], par.presults[t].parContractsString[0],
             par.presults[t].parContractsString[1]);
    }
  }

  /* SolveBoard and SolveBoardPBN with several targets, solutions and modes. */
  static const int calls[][3] = {{-1, 3, 1}, {-1, 1, 1}, {-1, 2, 1}, {7, 2, 1},
                                 {8, 3, 0},  {0, 1, 1},  {13, 1, 1}};
  for (int d = 0; d < DEALS; d++) {
    struct deal dl;
    struct dealPBN dp;
    struct futureTricks f;
    memset(&dl, 0, sizeof dl);
    dl.trump = d % 5;
    dl.first = (d + 3) % 4;
    memcpy(dl.remainCards, hands[d], sizeof dl.remainCards);
    const int *c = calls[d % 7];
    memset(&f, 0, sizeof f);
    int rc = SolveBoard(dl, c[0], c[1], c[2], &f, 0);
    printf("SolveBoard(%d,%d,%d,%d) ", d, c[0], c[1], c[2]);
    print_fut(rc, &f, c[1]);
    memset(&dp, 0, sizeof dp);
    dp.trump = (d + 2) % 5;
    dp.first = d % 4;
    strcpy(dp.remainCards, pbn[d]);
    c = calls[(d + 3) % 7];
    memset(&f, 0, sizeof f);
    rc = SolveBoardPBN(dp, c[0], c[1], c[2], &f, 1);
    printf("SolveBoardPBN(%d,%d,%d,%d) ", d, c[0], c[1], c[2]);
    print_fut(rc, &f, c[1]);
  }

  /* DDS's list1 hand in notrump, North on lead. */
  {
    struct dealPBN dp;
    struct futureTricks f;
    memset(&dp, 0, sizeof dp);
    dp.trump = 4;
    dp.first = 0;
    strcpy(dp.remainCards, "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3");
    int rc = SolveBoardPBN(dp, -1, 3, 1, &f, 0);
    printf("SolveBoardPBN(list1 NT) ");
    print_fut(rc, &f, 3);
  }

  /* A batch of boards. */
  {
    struct boardsPBN bo;
    struct solvedBoards solved;
    memset(&bo, 0, sizeof bo);
    bo.noOfBoards = DEALS;
    for (int d = 0; d < DEALS; d++) {
      bo.deals[d].trump = (d + 1) % 5;
      bo.deals[d].first = (d + 2) % 4;
      strcpy(bo.deals[d].remainCards, pbn[d]);
      bo.target[d] = -1;
      bo.solutions[d] = d % 2 ? 3 : 2;
      bo.mode[d] = 1;
    }
    int rc = SolveAllBoards(&bo, &solved);
    printf("SolveAllBoards rc %d boards %d\n", rc, solved.noOfBoards);
    for (int d = 0; d < DEALS; d++) {
      printf(" board %d ", d);
      print_fut(RETURN_NO_FAULT, &solved.solvedBoard[d], bo.solutions[d]);
    }
  }

  /* Play analysis of random legal plays. */
  for (int d = 0; d < DEALS; d += 2) {
    struct dealPBN dp;
    struct playTracePBN play;
    struct solvedPlay out;
    memset(&dp, 0, sizeof dp);
    dp.trump = d % 5;
    dp.first = (d + 1) % 4;
    strcpy(dp.remainCards, pbn[d]);
    memset(&play, 0, sizeof play);
    random_play(hands[d], dp.first, dp.trump, play.cards);
    play.number = 52 - 4 * (d / 2);
    play.cards[2 * play.number] = 0;
    int rc = AnalysePlayPBN(dp, play, &out, 0);
    printf("AnalysePlayPBN(%d) rc %d number %d:", d, rc, out.number);
    for (int i = 0; i < out.number; i++)
      printf(" %d", out.tricks[i]);
    printf("\n");
  }

  /* Invalid input: the return codes DDS documents. */
  {
    struct deal dl;
    struct futureTricks f;
    struct ddTableDealPBN td;
    struct ddTableResults t;
    memset(&dl, 0, sizeof dl);
    memcpy(dl.remainCards, hands[0], sizeof dl.remainCards);
    dl.trump = 0;
    dl.first = 0;
    printf("bad target rc %d\n", SolveBoard(dl, 14, 1, 1, &f, 0));
    printf("bad solutions rc %d\n", SolveBoard(dl, -1, 4, 1, &f, 0));
    printf("bad mode rc %d\n", SolveBoard(dl, -1, 1, 3, &f, 0));
    dl.remainCards[0][0] |= dl.remainCards[1][0];
    printf("duplicate card rc %d\n", SolveBoard(dl, -1, 1, 1, &f, 0));
    strcpy(td.cards, "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652");
    printf("three hands rc %d\n", CalcDDtablePBN(td, &t));
  }

  for (int code = 1; code >= -17; code--) {
    ErrorMessage(code, msg);
    printf("ErrorMessage(%d) %s\n", code, msg);
  }
  ErrorMessage(-98, msg);
  printf("ErrorMessage(-98) %s\n", msg);
  ErrorMessage(-99, msg);
  printf("ErrorMessage(-99) %s\n", msg);

  fflush(stdout);
  _exit(0);
}
