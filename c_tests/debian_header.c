/* Compiled against DDS's own <dds/dll.h> (Debian's libdds-dev) but linked
   against Kibitz: a program written for DDS must build and run unchanged. */
#include <dds/dll.h>

#include "common.h"

int main(void) {
  struct DDSInfo info;
  struct dealPBN p;
  struct deal d;
  struct futureTricks f;
  struct ddTableDealPBN tp;
  struct ddTableDeal td;
  struct ddTableResults t;
  char line[80];

  SetMaxThreads(0);
  GetDDSInfo(&info);
  CHECK(strstr(info.systemString, "Kibitz") != NULL); /* ours, not DDS's */
  CHECK_EQ(strcmp(info.versionString, "2.9.0"), 0);
  CHECK_EQ(info.major * 10000 + info.minor * 100 + info.patch, DDS_VERSION);

  memset(&p, 0, sizeof p);
  strcpy(p.remainCards, LIST1_PBN);
  memset(&f, 0, sizeof f);
  CHECK_EQ(SolveBoardPBN(p, -1, 3, 1, &f, 0), RETURN_NO_FAULT);
  check_list1_fut(&f);

  memset(&d, 0, sizeof d);
  pbn_to_holdings(LIST1_PBN, d.remainCards);
  memset(&f, 0, sizeof f);
  CHECK_EQ(SolveBoard(d, -1, 3, 1, &f, 0), RETURN_NO_FAULT);
  check_list1_fut(&f);
  CHECK_EQ(SolveBoard(d, -1, 3, 1, &f, info.noOfThreads), RETURN_THREAD_INDEX);
  CHECK_EQ(SolveBoard(d, 14, 3, 1, &f, 0), RETURN_TARGET_WRONG_HI);

  memset(&tp, 0, sizeof tp);
  strcpy(tp.cards, LIST1_PBN);
  CHECK_EQ(CalcDDtablePBN(tp, &t), RETURN_NO_FAULT);
  check_list1_table(&t);
  memcpy(td.cards, d.remainCards, sizeof td.cards);
  CHECK_EQ(CalcDDtable(td, &t), RETURN_NO_FAULT);
  check_list1_table(&t);

  ErrorMessage(RETURN_SUIT_OR_RANK, line);
  CHECK_EQ(strcmp(line, TEXT_SUIT_OR_RANK), 0);
  ErrorMessage(RETURN_THREAD_MISSING, line);
  CHECK_EQ(strcmp(line, TEXT_THREAD_MISSING), 0);
  CHECK_EQ(SetThreading(5), RETURN_NO_FAULT);
  FreeMemory();
  return finish("debian_header");
}
