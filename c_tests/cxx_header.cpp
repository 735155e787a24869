// Kibitz's <dds/dll.h> from C++: the extern "C" guard must give unmangled
// names, so this links against libdds and runs.
#include <dds/dll.h>

#include <cstdio>
#include <cstring>

int main() {
  DDSInfo info;
  GetDDSInfo(&info);
  if (std::strcmp(info.versionString, "2.9.0") != 0) return 1;
  dealPBN p;
  std::memset(&p, 0, sizeof p);
  std::strcpy(p.remainCards,
              "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3");
  futureTricks f;
  if (SolveBoardPBN(p, -1, 1, 1, &f, 0) != RETURN_NO_FAULT) return 1;
  if (f.cards != 1 || f.score[0] != 5) return 1;
  char line[80];
  ErrorMessage(RETURN_PBN_FAULT, line);
  if (std::strcmp(line, TEXT_PBN_FAULT) != 0) return 1;
  std::printf("cxx_header: all checks passed\n");
  return 0;
}
