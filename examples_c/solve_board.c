/* Solve a board: every card the player on lead can play, and how many
   tricks the leader's side takes after it (DDS's list10.txt, hand 1).
   Build: cc solve_board.c $(pkg-config --cflags --libs dds) */
#include <stdio.h>
#include <string.h>
#include "dll.h"

int main(void)
{
    struct dealPBN deal;
    struct futureTricks fut;
    char msg[80];

    memset(&deal, 0, sizeof deal);
    deal.trump = 0; /* 0 S, 1 H, 2 D, 3 C, 4 NT */
    deal.first = 0; /* 0 N, 1 E, 2 S, 3 W: North is on lead */
    strcpy(deal.remainCards,
           "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3");

    /* target -1, solutions 3: all cards with their scores; mode 1. */
    int rc = SolveBoardPBN(deal, -1, 3, 1, &fut, 0);
    if (rc != RETURN_NO_FAULT) {
        ErrorMessage(rc, msg);
        fprintf(stderr, "SolveBoardPBN: %s\n", msg);
        return 1;
    }
    /* Best scores first, then suit and rank (libraries differ in order). */
    for (int score = 13; score >= 0; score--)
        for (int suit = 0; suit < 4; suit++)
            for (int rank = 14; rank >= 2; rank--)
                for (int i = 0; i < fut.cards; i++) {
                    if (fut.score[i] != score || fut.suit[i] != suit || fut.rank[i] != rank)
                        continue;
                    printf("%c%c %d", "SHDC"[suit], "23456789TJQKA"[rank - 2], score);
                    for (int r = 14; r >= 2; r--) /* lower cards worth the same */
                        if (fut.equals[i] & (1 << r))
                            printf(" =%c%c", "SHDC"[suit], "23456789TJQKA"[r - 2]);
                    printf("\n");
                }
    return 0;
}
