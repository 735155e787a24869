#include <stdio.h>
#include <kibitz/score.h>

/* A stand-in for an engine's zero-window search: the true value is 37. */
static int zero_window(int beta, void *user)
{
    int value = *(const int *)user;
    return value >= beta ? beta : beta - 1; /* fail-hard answers */
}

int main(void)
{
    char text[32];

    /* Mate in 3 plies from the root, as Stockfish prints it. */
    int s = score_mate_in(3);
    score_to_uci(s, SCORE_SF15_PAWN, text, (int)sizeof text);
    printf("%d = %s\n", s, text);

    /* Stored at ply 2 the mate counts from the node; read back at ply 2. */
    int stored = score_to_tt(s, 2);
    printf("stored %d, read back %d\n", stored, score_from_tt(stored, 2, 0));

    /* A 15-bit field: 0x4000 is the sign bit. */
    printf("0x%x -> %d\n", (unsigned)score_pack(-16383, 15), score_unpack(0x4000, 15));

    /* MTD(f) from a first guess of 0, with step enlargement 4. */
    int value = 37;
    printf("mtdf = %d\n", score_mtdf(0, zero_window, &value, 4));
    return 0;
}
