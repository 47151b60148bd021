/*
 * synth_text.h -- the small text helpers the synthesis readers share:
 * error messages into a caller's buffer, whole files, lines.
 */
#ifndef SIMTREF_SYNTH_TEXT_H
#define SIMTREF_SYNTH_TEXT_H

#include <stddef.h>

enum {
    SYNTH_PATH_SIZE = 4096,     /* longest path built, with its NUL */
    SYNTH_LINE_SIZE = 1024      /* longest line kept from Yosys output */
};

/* Format a message into err (when there is room for one); returns -1. */
int synth_fail(char *err, size_t errlen, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

/*
 * The whole file at path in a NUL-terminated buffer the caller frees, its
 * length (without the NUL) in *len when len is not NULL.  NULL with a
 * message in err when it cannot be read.
 */
char *synth_read_file(const char *path, size_t *len, char *err,
                      size_t errlen);

/*
 * Copy the line that starts at *pos into buf (without its newline or a
 * trailing CR, truncated to fit) and advance *pos past it.  Returns 0 at
 * the end of the text, 1 otherwise.
 */
int synth_next_line(const char **pos, char *buf, size_t size);

/* The text of s after its leading white space. */
const char *synth_skip_space(const char *s);

/* True when s begins with prefix. */
int synth_starts_with(const char *s, const char *prefix);

#endif /* SIMTREF_SYNTH_TEXT_H */
