/* Play analysis: the double dummy tricks of declarer's side (the side not
   on lead) before the play and after each card (DDS's list10.txt, hand 3:
   spades, South on lead, the first three tricks).
   Build: cc play_analysis.c $(pkg-config --cflags --libs dds) */
#include <stdio.h>
#include <string.h>
#include "dll.h"

int main(void)
{
    struct dealPBN deal;
    struct playTracePBN play;
    struct solvedPlay result;
    char msg[80];

    memset(&deal, 0, sizeof deal);
    deal.trump = 0; /* spades */
    deal.first = 2; /* South leads */
    strcpy(deal.remainCards,
           "N:73.QJT.AQ54.T752 QT6.876.KJ9.AQ84 5.A95432.7632.K6 AKJ9842.K.T8.J93");
    memset(&play, 0, sizeof play);
    strcpy(play.cards, "HAHKHQH7D7D8DAD9C5CAC6C3"); /* suit, rank; 12 cards */
    play.number = 12;

    int rc = AnalysePlayPBN(deal, play, &result, 0);
    if (rc != RETURN_NO_FAULT) {
        ErrorMessage(rc, msg);
        fprintf(stderr, "AnalysePlayPBN: %s\n", msg);
        return 1;
    }
    /* result.number = cards + 1: tricks[0] before the first card. */
    printf("%d values:", result.number);
    for (int i = 0; i < result.number; i++)
        printf(" %d", result.tricks[i]);
    printf("\n");
    return 0;
}
