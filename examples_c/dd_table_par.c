/* A double dummy table and its par score (DDS's list10.txt, hand 1:
   none vulnerable, North deals).
   Build: cc dd_table_par.c $(pkg-config --cflags --libs dds) */
#include <stdio.h>
#include <string.h>
#include "dll.h"

int main(void)
{
    struct ddTableDealPBN deal;
    struct ddTableResults table;
    struct parResults par;
    struct parResultsDealer dealer;
    char msg[80];

    strcpy(deal.cards, "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3");
    int rc = CalcDDtablePBN(deal, &table);
    if (rc != RETURN_NO_FAULT) {
        ErrorMessage(rc, msg);
        fprintf(stderr, "CalcDDtablePBN: %s\n", msg);
        return 1;
    }
    /* resTable[strain S,H,D,C,NT][declarer N,E,S,W]: declarer's tricks. */
    printf("    N  E  S  W\n");
    for (int strain = 0; strain < 5; strain++)
        printf("%-2s %2d %2d %2d %2d\n", (const char *[]){"S", "H", "D", "C", "NT"}[strain],
               table.resTable[strain][0], table.resTable[strain][1], table.resTable[strain][2],
               table.resTable[strain][3]);

    /* Vulnerability: 0 none, 1 both, 2 NS, 3 EW. */
    Par(&table, &par, 0);
    printf("Par: %s, %s\n", par.parScore[0], par.parContractsString[0]);
    /* Dealer: 0 N, 1 E, 2 S, 3 W. */
    DealerPar(&table, &dealer, 0, 0);
    printf("DealerPar: %d", dealer.score);
    for (int i = 0; i < dealer.number; i++)
        printf(" %s", dealer.contracts[i]);
    printf("\n");
    return 0;
}
