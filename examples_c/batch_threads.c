/* A batch: the DD tables and par of several deals at once, solved on two
   threads (DDS's list10.txt, hands 1 and 3, none vulnerable).
   Build: cc batch_threads.c $(pkg-config --cflags --libs dds) */
#include <stdio.h>
#include <string.h>
#include "dll.h"

int main(void)
{
    static const char *pbn[] = {
        "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3",
        "N:73.QJT.AQ54.T752 QT6.876.KJ9.AQ84 5.A95432.7632.K6 AKJ9842.K.T8.J93",
    };
    struct ddTableDealsPBN deals;
    struct ddTablesRes res;
    struct allParResults par;
    int filter[5] = {0, 0, 0, 0, 0}; /* 0: solve this strain (S,H,D,C,NT) */
    char msg[80];

    SetMaxThreads(2); /* optional with Kibitz; 0 = one thread per core */
    memset(&deals, 0, sizeof deals);
    deals.noOfTables = 2;
    for (int i = 0; i < 2; i++)
        strcpy(deals.deals[i].cards, pbn[i]);

    /* Mode 0: par with none vulnerable (-1: no par). */
    int rc = CalcAllTablesPBN(&deals, 0, filter, &res, &par);
    if (rc != RETURN_NO_FAULT) {
        ErrorMessage(rc, msg);
        fprintf(stderr, "CalcAllTablesPBN: %s\n", msg);
        return 1;
    }
    printf("%d strain-tables solved\n", res.noOfBoards);
    for (int i = 0; i < 2; i++) {
        printf("deal %d: NT %d %d %d %d, par %s %s\n", i, res.results[i].resTable[4][0],
               res.results[i].resTable[4][1], res.results[i].resTable[4][2],
               res.results[i].resTable[4][3], par.presults[i].parScore[0],
               par.presults[i].parContractsString[0]);
    }
    return 0;
}
