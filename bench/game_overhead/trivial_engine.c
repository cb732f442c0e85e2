/* trivial_engine: the smallest GTP engine that can play a game, in C with no libraries beyond
 * libc, like the "trivial C engines" gomill's cost per game was measured with. genmove answers
 * the first point (row by row from A1) that neither player has played yet, so a 9x9 game of 75
 * moves needs no rules at all; the referee still checks every move. Reads stdin unbuffered
 * per line with fgets: the referee pipelines commands, so several may arrive in one read.
 * `--sleep-ms N` sleeps N ms before answering each genmove: an engine that "thinks" for a
 * fixed time and costs no CPU, for bench/controller_scale. `--cpu-log FILE` appends the
 * engine's own CPU time ("<microseconds>\n", one write with O_APPEND) to FILE when it quits,
 * so that a bench can tell its engines' CPU from Ringmaster's to the microsecond. */
#define _POSIX_C_SOURCE 199309L
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

static int board_size = 19;
static unsigned char used[25 * 25];

static void reply(const char* id, const char* text) {
  printf("=%s %s\n\n", id, text);
  fflush(stdout);
}

static void mark(const char* vertex) {
  char letter = vertex[0];
  if (letter >= 'a' && letter <= 'z') letter = (char)(letter - 'a' + 'A');
  if (letter < 'A' || letter > 'Z' || letter == 'I') return; /* pass, resign */
  int col = letter - 'A' - (letter > 'I' ? 1 : 0);
  int row = 0;
  if (sscanf(vertex + 1, "%d", &row) != 1 || row < 1 || row > board_size || col >= board_size)
    return;
  used[(row - 1) * board_size + col] = 1;
}

static void think(long ms) {
  struct timespec t = {ms / 1000, (ms % 1000) * 1000000L};
  while (nanosleep(&t, &t) != 0) {
  }
}

static void log_cpu(const char* path) {
  if (path == NULL) return;
  struct rusage ru;
  getrusage(RUSAGE_SELF, &ru);
  long long us = (long long)(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) * 1000000LL +
                 (long long)(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec);
  char text[32];
  int n = snprintf(text, sizeof text, "%lld\n", us);
  int fd = open(path, O_WRONLY | O_CREAT | O_APPEND, 0644);
  if (fd < 0) return;
  if (write(fd, text, (size_t)n) != n) perror("trivial_engine: cpu log");
  close(fd);
}

int main(int argc, char** argv) {
  long sleep_ms = 0;
  const char* cpu_log = NULL;
  for (int i = 1; i + 1 < argc; i += 2) {
    if (!strcmp(argv[i], "--sleep-ms"))
      sleep_ms = strtol(argv[i + 1], NULL, 10);
    else if (!strcmp(argv[i], "--cpu-log"))
      cpu_log = argv[i + 1];
  }
  static const char* known[] = {
      "protocol_version", "name",        "version", "known_command", "list_commands", "quit",
      "boardsize",        "clear_board", "komi",    "play",          "genmove",       NULL};
  char line[1024];
  while (fgets(line, sizeof line, stdin)) {
    char id[32] = "", cmd[64] = "", arg1[64] = "", arg2[64] = "";
    char* p = line;
    if (*p >= '0' && *p <= '9') {
      int n = 0;
      sscanf(p, "%31[0-9]%n", id, &n);
      p += n;
    }
    if (sscanf(p, "%63s %63s %63s", cmd, arg1, arg2) < 1) continue;
    if (!strcmp(cmd, "protocol_version"))
      reply(id, "2");
    else if (!strcmp(cmd, "name"))
      reply(id, "trivial");
    else if (!strcmp(cmd, "version"))
      reply(id, "1");
    else if (!strcmp(cmd, "known_command")) {
      const char* answer = "false";
      for (int i = 0; known[i]; ++i)
        if (!strcmp(known[i], arg1)) answer = "true";
      reply(id, answer);
    } else if (!strcmp(cmd, "list_commands")) {
      printf("=%s", id);
      for (int i = 0; known[i]; ++i) printf("%s%s\n", i ? "" : " ", known[i]);
      printf("\n");
      fflush(stdout);
    } else if (!strcmp(cmd, "quit")) {
      reply(id, "");
      log_cpu(cpu_log);
      return 0;
    } else if (!strcmp(cmd, "boardsize")) {
      int n = 0;
      if (sscanf(arg1, "%d", &n) != 1 || n < 2 || n > 25) {
        printf("?%s unacceptable size\n\n", id);
        fflush(stdout);
        continue;
      }
      board_size = n;
      memset(used, 0, sizeof used);
      reply(id, "");
    } else if (!strcmp(cmd, "clear_board")) {
      memset(used, 0, sizeof used);
      reply(id, "");
    } else if (!strcmp(cmd, "komi"))
      reply(id, "");
    else if (!strcmp(cmd, "play")) {
      mark(arg2);
      reply(id, "");
    } else if (!strcmp(cmd, "genmove")) {
      if (sleep_ms > 0) think(sleep_ms);
      int i = 0;
      while (i < board_size * board_size && used[i]) ++i;
      if (i == board_size * board_size) {
        reply(id, "pass");
        continue;
      }
      used[i] = 1;
      char vertex[16];  // room for any int the compiler must assume (-Wformat-truncation)
      int col = i % board_size;
      snprintf(vertex, sizeof vertex, "%c%d", 'A' + col + (col >= 8 ? 1 : 0), i / board_size + 1);
      reply(id, vertex);
    } else {
      printf("?%s unknown command\n\n", id);
      fflush(stdout);
    }
  }
  log_cpu(cpu_log);
  return 0;
}
