/* Calls Kibitz's backgammon interface from C through
   <kibitz/backgammon.h>, with boards declared as gnubg declares them
   (unsigned int [2][25]): IDs, keys, match IDs, pip counts, classes, legal
   moves, move text, applying and swapping, and the error codes for bad
   input. Compiled with -Wall -Werror. Exits non-zero on any mismatch. */
#include <kibitz/backgammon.h>
#include <stdio.h>
#include <string.h>

#include "check.h"

static void ids(void) {
  unsigned int b[2][25];
  char id[15];
  unsigned char key[10];
  unsigned int pips[2];
  CHECK_EQ(bg_position_from_id("4HPwATDgc/ABMA", b), BG_OK);
  CHECK_EQ(b[1][5], 5);
  CHECK_EQ(b[0][23], 2);
  CHECK_EQ(bg_position_id(b, id), BG_OK);
  CHECK_STR(id, "4HPwATDgc/ABMA");
  CHECK_EQ(bg_position_key(b, key), BG_OK);
  CHECK_EQ(key[0], 224);
  CHECK_EQ(key[9], 48);
  memset(b, 0, sizeof b);
  CHECK_EQ(bg_position_from_key(key, b), BG_OK);
  CHECK_EQ(b[1][12], 5);
  CHECK_EQ(bg_pip_count(b, pips), BG_OK);
  CHECK_EQ(pips[0], 167);
  CHECK_EQ(bg_classify(b), 10);

  CHECK_EQ(bg_position_from_id("2MY5BwDs7swAAA", b), BG_OK);
  CHECK_EQ(bg_classify(b), 8);
  CHECK_EQ(bg_pip_count(b, pips), BG_OK);
  CHECK_EQ(pips[1], 87);
  CHECK_EQ(pips[0], 129);
  CHECK_EQ(bg_position_from_id("RgMAwBIAAAAAAA", b), BG_OK);
  CHECK_EQ(bg_classify(b), 4);
}

static void match_ids(void) {
  bg_match_state m;
  char id[13];
  CHECK_EQ(bg_match_from_id("QYkqASAAIAAE", &m), BG_OK);
  CHECK_EQ(m.cube, 2);
  CHECK_EQ(m.cube_owner, 0);
  CHECK_EQ(m.dice_owner, 1);
  CHECK_EQ(m.match_length, 9);
  CHECK_EQ(m.score[0], 2);
  CHECK_EQ(m.score[1], 4);
  CHECK_EQ(m.dice[0], 5);
  CHECK_EQ(m.dice[1], 2);
  CHECK_EQ(m.jacoby, 0);
  m.dice[0] = 2;
  m.dice[1] = 5;
  CHECK_EQ(bg_match_id(&m, id), BG_OK);
  CHECK_STR(id, "QYkqASAAIAAE");
  m.jacoby = 1;
  CHECK_EQ(bg_match_id(&m, id), BG_OK);
  CHECK_STR(id, "QYkqASAAIAAA");
  m.cube = 3;
  CHECK_EQ(bg_match_id(&m, id), BG_ERR_MATCH_STATE);
  CHECK_STR(id, "QYkqASAAIAAA");
}

static void moves(void) {
  unsigned int b[2][25];
  bg_move list[BG_MAX_MOVES];
  char text[BG_MOVE_TEXT_LEN];
  int count = -1;
  CHECK_EQ(bg_position_from_id("4HPwATDgc/ABMA", b), BG_OK);
  CHECK_EQ(bg_generate_moves(b, 3, 1, list, BG_MAX_MOVES, &count), BG_OK);
  CHECK_EQ(count, 16);
  int found = 0;
  for (int i = 0; i < count; i++) {
    CHECK_EQ(bg_move_text(b, &list[i], text, sizeof text), BG_OK);
    if (strcmp(text, "8/5 6/5") == 0) {
      found = 1;
      unsigned int after[2][25];
      memcpy(after, b, sizeof b);
      CHECK_EQ(bg_position_apply(after, &list[i]), BG_OK);
      CHECK_EQ(after[1][4], 2);
      bg_position_swap(after);
      CHECK_EQ(after[0][4], 2);
      CHECK_EQ(after[1][4], 0);
    }
  }
  CHECK_EQ(found, 1);
  strcpy(text, "unchanged");
  CHECK_EQ(bg_move_text(b, &list[0], text, 3), BG_ERR_BUFFER);
  CHECK_STR(text, "unchanged");
  CHECK_EQ(bg_generate_moves(b, 6, 6, NULL, 0, &count), BG_OK);
  CHECK_EQ(count, 11);
  CHECK_EQ(bg_generate_moves(b, 2, 2, list, 10, &count), BG_ERR_BUFFER);
  CHECK_EQ(count, 75);
  CHECK_EQ(bg_position_from_id("4HPwASHgc/AAWA", b), BG_OK);
  CHECK_EQ(bg_generate_moves(b, 6, 6, list, BG_MAX_MOVES, &count), BG_OK);
  CHECK_EQ(count, 0);
}

static void errors(void) {
  unsigned int b[2][25];
  unsigned int saved[2][25];
  char id[15] = "unchanged";
  int count = 7;
  bg_move list[4];
  bg_move bad = {1, {13, -1, -1, -1}, {5, -1, -1, -1}};
  CHECK_EQ(bg_position_from_id(NULL, b), BG_ERR_NULL);
  CHECK_EQ(bg_position_from_id("4HPwATDgc/ABMA", NULL), BG_ERR_NULL);
  CHECK_EQ(bg_position_from_id("4HPwATDgc/AB", b), BG_ERR_ID_LENGTH);
  CHECK_EQ(bg_position_from_id("4HPwATDgc/ABMAA", b), BG_ERR_ID_LENGTH);
  CHECK_EQ(bg_position_from_id("4HPwATDgc/AB.A", b), BG_ERR_ID_CHAR);
  CHECK_EQ(bg_position_from_id("//////////////", b), BG_ERR_CHEQUERS);
  CHECK_EQ(bg_match_from_id("MAEAAAAAAA", NULL), BG_ERR_NULL);
  CHECK_EQ(bg_position_from_id("4HPwATDgc/ABMA", b), BG_OK);
  memcpy(saved, b, sizeof b);
  CHECK_EQ(bg_generate_moves(b, 0, 3, list, 4, &count), BG_ERR_DICE);
  CHECK_EQ(bg_generate_moves(b, 3, 7, list, 4, &count), BG_ERR_DICE);
  CHECK_EQ(count, 7);
  CHECK_EQ(bg_generate_moves(b, 3, 1, list, -1, &count), BG_ERR_BUFFER);
  CHECK_EQ(bg_generate_moves(NULL, 3, 1, list, 4, &count), BG_ERR_NULL);
  CHECK_EQ(bg_position_apply(b, &bad), BG_ERR_MOVE);
  CHECK_EQ(bg_position_apply(b, NULL), BG_ERR_NULL);
  CHECK_EQ(memcmp(saved, b, sizeof b), 0);
  b[1][0] = 1; /* 16 chequers */
  CHECK_EQ(bg_position_id(b, id), BG_ERR_CHEQUERS);
  CHECK_STR(id, "unchanged");
  CHECK_EQ(bg_classify(b), BG_ERR_CHEQUERS);
  b[1][0] = 0;
  b[0][23 - 5] = 1; /* opposite side 1's six point */
  b[0][23] = 1;
  CHECK_EQ(bg_classify(b), BG_ERR_SHARED_POINT);
  CHECK_EQ(bg_pip_count(NULL, NULL), BG_ERR_NULL);
  bg_position_swap(NULL);
  CHECK_STR(bg_error_text(BG_ERR_ID_CHAR), "the ID has a character outside Base64");
  CHECK_STR(bg_error_text(12345), "unknown error code");
}

int main(void) {
  ids();
  match_ids();
  moves();
  errors();
  return finish("backgammon");
}
