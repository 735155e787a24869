/* Calls Kibitz's par functions from C through Kibitz's own <dds/dll.h> on
   two DD tables of DDS's list1000.txt. The expected texts are those of
   Debian's DDS 2.9.0 for the same calls. Exits non-zero on a mismatch. */
#include <dds/dll.h>

#include "check.h"

/* TABLE lines of list1000.txt (hands 8 and 4): resTable[strain][hand]. */
static const int MAKES[20] = {6, 7, 6, 6, 8, 5, 8, 5, 8, 4,
                              8, 4, 10, 3, 10, 3, 7, 4, 7, 4};
static const int SACRIFICE[20] = {8, 5, 8, 5, 7, 6, 7, 6, 7, 5,
                                  7, 5, 5, 8, 5, 8, 6, 7, 6, 7};

static struct ddTableResults table(const int *flat) {
  struct ddTableResults t;
  for (int i = 0; i < 20; i++) t.resTable[i / 4][i % 4] = flat[i];
  return t;
}

/* NS make 2C, 3C or 4C: par +130 with overtricks. EW vulnerable, East
   deals. */
static void making(void) {
  struct ddTableResults t = table(MAKES);
  struct parResults p;
  CHECK_EQ(Par(&t, &p, 3), RETURN_NO_FAULT);
  CHECK_STR(p.parScore[0], "NS 130");
  CHECK_STR(p.parScore[1], "EW -130");
  CHECK_STR(p.parContractsString[0], "NS:NS 234C");
  CHECK_STR(p.parContractsString[1], "EW:NS 234C");

  struct parResultsDealer d;
  CHECK_EQ(DealerPar(&t, &d, 1, 3), RETURN_NO_FAULT);
  CHECK_EQ(d.score, 130);
  CHECK_EQ(d.number, 1);
  CHECK_STR(d.contracts[0], "2C-NS+2");

  struct parResultsDealer s[2];
  CHECK_EQ(SidesPar(&t, s, 3), RETURN_NO_FAULT);
  CHECK_EQ(s[0].score, 130);
  CHECK_EQ(s[1].score, -130);
  CHECK_EQ(s[1].number, 1);
  CHECK_STR(s[1].contracts[0], "2C-NS+2");

  struct parResultsMaster m;
  CHECK_EQ(DealerParBin(&t, &m, 1, 3), RETURN_NO_FAULT);
  CHECK_EQ(m.number, 1);
  CHECK_EQ(m.contracts[0].denom, 4); /* clubs in par order */
  CHECK_EQ(m.contracts[0].seats, 4); /* NS */
  CHECK_EQ(m.contracts[0].level, 2);
  CHECK_EQ(m.contracts[0].overTricks, 2);
  char text[512];
  CHECK_EQ(ConvertToDealerTextFormat(&m, text), RETURN_NO_FAULT);
  CHECK_STR(text, "Par 130: NS 2C+2");
}

/* EW sacrifice in 2NT or 3C doubled, one down, against NS's 2S/3H.
   NS vulnerable, East deals. */
static void sacrifice(void) {
  struct ddTableResults t = table(SACRIFICE);
  struct parResults p;
  CHECK_EQ(Par(&t, &p, 2), RETURN_NO_FAULT);
  CHECK_STR(p.parScore[0], "NS 100");
  CHECK_STR(p.parContractsString[0], "NS:EW 2Nx,EW 3Cx");
  CHECK_STR(p.parContractsString[1], "EW:EW 2Nx,EW 3Cx");

  struct parResultsDealer d;
  CHECK_EQ(DealerPar(&t, &d, 1, 2), RETURN_NO_FAULT);
  CHECK_EQ(d.score, 100);
  CHECK_EQ(d.number, 2);
  CHECK_STR(d.contracts[0], "3C*-EW-1");
  CHECK_STR(d.contracts[1], "2N*-EW-1");

  struct parResultsDealer s[2];
  CHECK_EQ(SidesPar(&t, s, 2), RETURN_NO_FAULT);
  CHECK_EQ(s[0].number, 2);
  CHECK_STR(s[0].contracts[0], "2N*-EW-1");
  CHECK_STR(s[0].contracts[1], "3C*-EW-1");

  struct parResultsMaster m;
  CHECK_EQ(DealerParBin(&t, &m, 1, 2), RETURN_NO_FAULT);
  char text[512];
  CHECK_EQ(ConvertToDealerTextFormat(&m, text), RETURN_NO_FAULT);
  CHECK_STR(text, "Par 100: EW 2Nx-1 EW 3Cx-1");

  struct parResultsMaster sides[2];
  struct parTextResults tx;
  CHECK_EQ(SidesParBin(&t, sides, 2), RETURN_NO_FAULT);
  CHECK_EQ(ConvertToSidesTextFormat(sides, &tx), RETURN_NO_FAULT);
  CHECK_STR(tx.parText[0], "Par 100: EW 2NTx-1 EW 3Cx-1");
  CHECK_STR(tx.parText[1], "Par -100: EW 2NTx-1 EW 3Cx-1");
  CHECK(tx.equal);
}

/* NULL pointers and a bad vulnerability: RETURN_UNKNOWN_FAULT (DDS itself
   crashes or reads outside its arrays here). */
static void errors(void) {
  struct ddTableResults t = table(MAKES);
  struct parResultsDealer d;
  CHECK_EQ(Par(&t, NULL, 0), RETURN_UNKNOWN_FAULT);
  CHECK_EQ(DealerPar(NULL, &d, 0, 0), RETURN_UNKNOWN_FAULT);
  CHECK_EQ(DealerPar(&t, &d, 0, 4), RETURN_UNKNOWN_FAULT);
  CHECK_EQ(ConvertToDealerTextFormat(NULL, NULL), RETURN_UNKNOWN_FAULT);
}

int main(void) {
  making();
  sacrifice();
  errors();
  return finish("par");
}
