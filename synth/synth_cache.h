/*
 * synth_cache.h -- the cache of Yosys area runs.
 *
 * An entry holds the three files the area figures are read from (the
 * `stat -liberty` report, the memories and the marked arrays, exactly as
 * Yosys wrote them), so the figures are always parsed and priced anew;
 * only Yosys's work is saved.  Its key is the SHA-256 of everything the
 * run's outcome depends on: the Yosys version, the synthesis script (with
 * the file names replaced by fixed names), the Liberty file, the Verilog
 * text and that of every module it instantiates (submodules.h).
 *
 * An entry is one file, DIR/KEY.syn:
 *
 *     simtref-synth-cache 1 KEY
 *     stat LENGTH
 *     ...LENGTH bytes...
 *     mems LENGTH
 *     ...
 *     arrays LENGTH
 *     ...
 *     sha256 HEX        (of everything before this line)
 *
 * It is written to a temporary file in DIR and renamed into place, so a
 * reader sees a whole entry or none; an entry that does not read back
 * exactly (truncated, edited, another key) counts as a miss and is
 * replaced.
 */
#ifndef SIMTREF_SYNTH_CACHE_H
#define SIMTREF_SYNTH_CACHE_H

#include <stddef.h>

#include "yosys_stat.h"

enum { SYNTH_KEY_SIZE = 65 };   /* 64 hex digits and the NUL */

/* The largest cache entry synth_cache_load reads: an entry holds three
 * Yosys reports of a few hundred kilobytes at most.  A larger entry, or
 * one that is not a regular file (a FIFO, a symlink to /dev/zero), is a
 * miss, found without reading it. */
#define SYNTH_CACHE_ENTRY_MAX ((size_t)64 << 20)

/* What a run's outcome depends on: the inputs of its key. */
struct synth_key_input {
    const char *yosys_version;  /* the first line of `yosys -V` */
    const char *script;         /* the script, file names replaced */
    const char *liberty;        /* the Liberty file's text */
    size_t      liberty_len;
    const char *shiftx_map;     /* the techmap rule's text (shiftx_map.h) */
    const char *shift_map;      /* the other rule's text (shift_map.h) */
    const char *verilog;        /* the Verilog file's text */
    size_t      verilog_len;
    size_t      nsub;           /* modules it instantiates (0: none, and
                                   the key is that of the file alone) */
    const char *const *sub;     /* their files' texts, in the order the
                                   script reads them */
    const size_t *sub_len;
};

/* The key of in, as 64 lower-case hex digits. */
void synth_cache_key(const struct synth_key_input *in,
                     char key[SYNTH_KEY_SIZE]);

/*
 * Look the key up in dir.  On a hit, write the entry's files to f->stat,
 * f->mems and f->arrays and return 1; return 0 on a miss (no entry, or
 * one that does not read back whole), -1 with a message in err when the
 * files cannot be written.  A miss on an entry that is there but is not
 * read (not a regular file, larger than SYNTH_CACHE_ENTRY_MAX,
 * unreadable) leaves "cache entry PATH: reason" in err.
 */
int synth_cache_load(const char *dir, const char *key,
                     const struct yosys_files *f, char *err, size_t errlen);

/*
 * Store f->stat, f->mems and f->arrays under the key in dir (made, with
 * its parents, when missing).  Returns 0, or -1 with a message in err.
 */
int synth_cache_store(const char *dir, const char *key,
                      const struct yosys_files *f, char *err, size_t errlen);

/*
 * Remove the entry of the key in dir (one whose figures proved wrong),
 * its path in path.  Returns 0 (also when there is none), or -1.
 */
int synth_cache_forget(const char *dir, const char *key, char *path,
                       size_t size);

/*
 * The cache directory a user expects: $XDG_CACHE_HOME/simtref, else
 * $HOME/.cache/simtref.  Returns 0, or -1 when neither variable is set
 * (or the path does not fit in size bytes).
 */
int synth_cache_default_dir(char *buf, size_t size);

#endif /* SIMTREF_SYNTH_CACHE_H */
