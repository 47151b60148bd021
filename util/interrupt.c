/*
 * interrupt.c -- clean up on SIGINT, SIGTERM and SIGHUP; see interrupt.h.
 */
#include "interrupt.h"

#include <errno.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>

/* What the handler undoes.  Changed only with the signals blocked. */
struct interrupt_state {
    char files[INTERRUPT_MAX_FILES][INTERRUPT_PATH_LEN]; /* temporaries;
                                         "" for a free slot */
    pid_t children[INTERRUPT_MAX_CHILDREN]; /* running; 0 for a free slot */
    volatile sig_atomic_t defer;      /* the caller unwinds by itself */
    volatile sig_atomic_t signal;     /* the signal received, or 0 */
};

static struct interrupt_state state;

static const int caught[] = { SIGINT, SIGTERM, SIGHUP };

/* Block (or restore) the caught signals around a change of the table. */
static void block(sigset_t *old)
{
    sigset_t set;

    sigemptyset(&set);
    for (size_t i = 0; i < sizeof caught / sizeof caught[0]; i++)
        sigaddset(&set, caught[i]);
    sigprocmask(SIG_BLOCK, &set, old);
}

static void restore(const sigset_t *old)
{
    sigprocmask(SIG_SETMASK, old, NULL);
}

/* Async-signal-safe: kill(), unlink(), signal() and raise() only. */
static void on_signal(int sig)
{
    int saved = errno;

    for (size_t i = 0; i < INTERRUPT_MAX_CHILDREN; i++)
        if (state.children[i] > 0) {
            kill(-state.children[i], SIGTERM);  /* its process group */
            kill(state.children[i], SIGTERM);
        }
    for (size_t i = 0; i < INTERRUPT_MAX_FILES; i++)
        if (state.files[i][0])
            unlink(state.files[i]);
    if (!state.signal)
        state.signal = sig;
    if (!state.defer) {
        signal(sig, SIG_DFL);
        raise(sig);
    }
    errno = saved;
}

void interrupt_install(void)
{
    struct sigaction sa;

    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    for (size_t i = 0; i < sizeof caught / sizeof caught[0]; i++)
        sigaddset(&sa.sa_mask, caught[i]);
    /* no SA_RESTART: a wait returns EINTR, so a deferring caller sees
     * the signal at once */
    for (size_t i = 0; i < sizeof caught / sizeof caught[0]; i++) {
        struct sigaction old;
        /* a signal ignored by the parent (nohup, a background shell)
         * stays ignored */
        if (sigaction(caught[i], NULL, &old) == 0
            && old.sa_handler == SIG_IGN)
            continue;
        sigaction(caught[i], &sa, NULL);
    }
}

int interrupt_add_file(const char *path)
{
    sigset_t old;
    int rc = -1;

    if (strlen(path) >= INTERRUPT_PATH_LEN)
        return -1;
    block(&old);
    for (size_t i = 0; i < INTERRUPT_MAX_FILES; i++)
        if (!state.files[i][0]) {
            strcpy(state.files[i], path);
            rc = 0;
            break;
        }
    restore(&old);
    return rc;
}

void interrupt_forget_file(const char *path)
{
    sigset_t old;

    block(&old);
    for (size_t i = 0; i < INTERRUPT_MAX_FILES; i++)
        if (strcmp(state.files[i], path) == 0) {
            state.files[i][0] = '\0';
            break;
        }
    restore(&old);
}

int interrupt_add_child(pid_t pid)
{
    sigset_t old;
    int rc = -1;

    block(&old);
    for (size_t i = 0; i < INTERRUPT_MAX_CHILDREN; i++)
        if (state.children[i] == 0) {
            state.children[i] = pid;
            rc = 0;
            break;
        }
    restore(&old);
    return rc;
}

void interrupt_forget_child(pid_t pid)
{
    sigset_t old;

    block(&old);
    for (size_t i = 0; i < INTERRUPT_MAX_CHILDREN; i++)
        if (state.children[i] == pid) {
            state.children[i] = 0;
            break;
        }
    restore(&old);
}

bool interrupt_defer_exit(bool on)
{
    bool was = state.defer != 0;

    state.defer = on;
    return was;
}

int interrupt_pending(void)
{
    return state.signal;
}

void interrupt_finish(void)
{
    int sig = state.signal;

    if (!sig)
        return;
    signal(sig, SIG_DFL);
    raise(sig);
}
