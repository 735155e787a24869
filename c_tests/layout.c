/* Prints the size, alignment and field offsets of every struct of
   <dds/dll.h>, and its constants. Compiled once against Kibitz's header
   and once against DDS's own: the outputs must be identical. */
#include <dds/dll.h>
#include <stddef.h>
#include <stdio.h>

#define S(T)                                                           \
  printf("sizeof(struct %s) = %zu, alignof = %zu\n", #T, sizeof(struct T), \
         _Alignof(struct T))
#define F(T, f) \
  printf("  offsetof(%s, %s) = %zu, size %zu\n", #T, #f, offsetof(struct T, f), \
         sizeof(((struct T *)0)->f))
#define C(N) printf("%s = %ld\n", #N, (long)(N))

int main(void) {
  C(DDS_VERSION); C(DDS_HANDS); C(DDS_SUITS); C(DDS_STRAINS);
  C(MAXNOOFBOARDS); C(MAXNOOFTABLES);
  C(RETURN_NO_FAULT); C(RETURN_UNKNOWN_FAULT); C(RETURN_ZERO_CARDS);
  C(RETURN_TARGET_TOO_HIGH); C(RETURN_DUPLICATE_CARDS);
  C(RETURN_TARGET_WRONG_LO); C(RETURN_TARGET_WRONG_HI);
  C(RETURN_SOLNS_WRONG_LO); C(RETURN_SOLNS_WRONG_HI);
  C(RETURN_TOO_MANY_CARDS); C(RETURN_SUIT_OR_RANK); C(RETURN_PLAYED_CARD);
  C(RETURN_CARD_COUNT); C(RETURN_THREAD_INDEX); C(RETURN_MODE_WRONG_LO);
  C(RETURN_MODE_WRONG_HI); C(RETURN_TRUMP_WRONG); C(RETURN_FIRST_WRONG);
  C(RETURN_PLAY_FAULT); C(RETURN_PBN_FAULT); C(RETURN_TOO_MANY_BOARDS);
  C(RETURN_THREAD_CREATE); C(RETURN_THREAD_WAIT); C(RETURN_THREAD_MISSING);
  C(RETURN_NO_SUIT); C(RETURN_TOO_MANY_TABLES); C(RETURN_CHUNK_SIZE);

  S(futureTricks);
  F(futureTricks, nodes); F(futureTricks, cards); F(futureTricks, suit);
  F(futureTricks, rank); F(futureTricks, equals); F(futureTricks, score);
  S(deal);
  F(deal, trump); F(deal, first); F(deal, currentTrickSuit);
  F(deal, currentTrickRank); F(deal, remainCards);
  S(dealPBN);
  F(dealPBN, trump); F(dealPBN, first); F(dealPBN, currentTrickSuit);
  F(dealPBN, currentTrickRank); F(dealPBN, remainCards);
  S(boards);
  F(boards, noOfBoards); F(boards, deals); F(boards, target);
  F(boards, solutions); F(boards, mode);
  S(boardsPBN);
  F(boardsPBN, noOfBoards); F(boardsPBN, deals); F(boardsPBN, target);
  F(boardsPBN, solutions); F(boardsPBN, mode);
  S(solvedBoards);
  F(solvedBoards, noOfBoards); F(solvedBoards, solvedBoard);
  S(ddTableDeal);
  F(ddTableDeal, cards);
  S(ddTableDeals);
  F(ddTableDeals, noOfTables); F(ddTableDeals, deals);
  S(ddTableDealPBN);
  F(ddTableDealPBN, cards);
  S(ddTableDealsPBN);
  F(ddTableDealsPBN, noOfTables); F(ddTableDealsPBN, deals);
  S(ddTableResults);
  F(ddTableResults, resTable);
  S(ddTablesRes);
  F(ddTablesRes, noOfBoards); F(ddTablesRes, results);
  S(parResults);
  F(parResults, parScore); F(parResults, parContractsString);
  S(allParResults);
  F(allParResults, presults);
  S(parResultsDealer);
  F(parResultsDealer, number); F(parResultsDealer, score);
  F(parResultsDealer, contracts);
  S(contractType);
  F(contractType, underTricks); F(contractType, overTricks);
  F(contractType, level); F(contractType, denom); F(contractType, seats);
  S(parResultsMaster);
  F(parResultsMaster, score); F(parResultsMaster, number);
  F(parResultsMaster, contracts);
  S(parTextResults);
  F(parTextResults, parText); F(parTextResults, equal);
  S(playTraceBin);
  F(playTraceBin, number); F(playTraceBin, suit); F(playTraceBin, rank);
  S(playTracePBN);
  F(playTracePBN, number); F(playTracePBN, cards);
  S(solvedPlay);
  F(solvedPlay, number); F(solvedPlay, tricks);
  S(playTracesBin);
  F(playTracesBin, noOfBoards); F(playTracesBin, plays);
  S(playTracesPBN);
  F(playTracesPBN, noOfBoards); F(playTracesPBN, plays);
  S(solvedPlays);
  F(solvedPlays, noOfBoards); F(solvedPlays, solved);
  S(DDSInfo);
  F(DDSInfo, major); F(DDSInfo, minor); F(DDSInfo, patch);
  F(DDSInfo, versionString); F(DDSInfo, system); F(DDSInfo, numBits);
  F(DDSInfo, compiler); F(DDSInfo, constructor); F(DDSInfo, numCores);
  F(DDSInfo, threading); F(DDSInfo, noOfThreads); F(DDSInfo, threadSizes);
  F(DDSInfo, systemString);
  return 0;
}
