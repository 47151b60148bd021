/*
 * registry_defects.c -- the deliberate defects, each the bug of one
 * structure that its co-simulation or proof must reject (the structures:
 * registry.c); see registry.h.
 */
#include "registry.h"

#include <stddef.h>
#include <string.h>

/* ORDER DEFECT */
static const struct defect_info defects[DEFECT_COUNT] = {
    [DEFECT_NONE] = {
        .name = "none",
        .structure = STRUCTURE_COUNT,
        .config = NULL,
        .test = NULL,
        .bug = NULL,
    },
    [DEFECT_WPT_NO_RESET_AT_RELEASE] = {
        .name = "wpt-no-reset",
        .structure = STRUCTURE_WPT,
        .config = "tiny",
        .test = "tiny-no-reset",
        .bug = "the WPT counter is not reset at release",
    },
    [DEFECT_RBT_EARLY_RELEASE] = {
        .name = "rbt-early-release",
        .structure = STRUCTURE_RBT,
        .config = "tiny",
        .test = "tiny-early-release",
        .bug = "an RBT barrier releases when all members but one have arrived",
    },
    [DEFECT_RBT_OVERWRITE_FULL] = {
        .name = "rbt-overwrite-full",
        .structure = STRUCTURE_RBT,
        .config = "tiny",
        .test = "tiny-overwrite-full",
        .bug = "a reservation in a full RBT set overwrites way 0 instead of "
               "failing",
        .proof_long = 1,
    },
    [DEFECT_LOOKUP_LANE_CONFLICT] = {
        .name = "lookup-lane-conflict",
        .structure = STRUCTURE_READY_LOOKUP,
        .config = "tiny",
        .test = "tiny-lane-conflict",
        .bug = "the Ready-Lookup merges despite a lane conflict",
    },
    [DEFECT_WT_SILENT_OVERFLOW] = {
        .name = "wt-silent-overflow",
        .structure = STRUCTURE_WARP_TABLES,
        .config = "tiny",
        .test = "tiny-silent-overflow",
        .bug = "a full Second-Level overwrites its oldest warp",
        .proof_long = 1,
    },
    [DEFECT_WT_LOOKUP_FIRST] = {
        .name = "wt-lookup-first",
        .structure = STRUCTURE_WARP_TABLES,
        .config = "tiny",
        .test = "tiny-lookup-first",
        .bug = "lookup-to-second goes before barrier-to-second",
    },
    [DEFECT_SCHED_MWF_LOWEST_FIRST] = {
        .name = "sched-mwf-lowest-first",
        .structure = STRUCTURE_SCHEDULER,
        .config = "tiny",
        .test = "tiny-mwf-lowest-first",
        .bug = "MWF issues from the ready TB of the lowest priority",
    },
    [DEFECT_WPT_TIES_LARGER_TB] = {
        .name = "wpt-ties-larger-tb",
        .structure = STRUCTURE_WPT,
        .config = "tiny",
        .test = "tiny-ties-larger-tb",
        .bug = "the WPT ranks TBs with equal counters larger id first",
    },
    [DEFECT_ARB_TIES_LARGER_PC] = {
        .name = "arb-ties-larger-pc",
        .structure = STRUCTURE_ARBITER,
        .config = "tiny",
        .test = "tiny-ties-larger-pc",
        .bug = "the unified arbiter resolves equal SPs to the larger PC",
    },
    [DEFECT_ICS_LOWEST_LEVEL] = {
        .name = "ics-lowest-level",
        .structure = STRUCTURE_ICS_FIRST,
        .config = "tiny",
        .test = "tiny-lowest-level",
        .bug = "ICS-First selects from the lowest non-empty priority level",
    },
    /* On sbr-fig2 (four threads, depth 4): there branches alone overflow
     * the stack (on tiny's two-thread warps only calls do). */
    [DEFECT_SBR_SILENT_OVERFLOW] = {
        .name = "sbr-silent-overflow",
        .structure = STRUCTURE_SBR_STACK,
        .config = "tests/data/scenarios/sbr-fig2.conf",
        .test = "sbr-fig2-silent-overflow",
        .bug = "a push beyond the SBR stack's depth overwrites the top "
               "entries and raises no overflow",
        .proof_long = 1,
    },
    [DEFECT_SBR_CALL_POPS_ON_MOVE] = {
        .name = "sbr-call-pops-on-move",
        .structure = STRUCTURE_SBR_STACK,
        .config = "tests/data/scenarios/sbr-fig2.conf",
        .test = "sbr-fig2-call-pops-on-move",
        .bug = "an advance to a CALL top's RPC (its return PC) pops it, as "
               "it pops a branch top at its RPC: a recursive call's frames "
               "merge again",
        .proof_long = 1,
    },
    [DEFECT_FETCH_OVERFILL] = {
        .name = "fetch-overfill",
        .structure = STRUCTURE_FETCH,
        .config = "tiny",
        .test = "tiny-overfill",
        .bug = "the fetch unit also fetches for a warp whose I-buffer slots "
               "are all taken",
        .proof_long = 1,
    },
    [DEFECT_DISPATCH_DRAINING_SLOT] = {
        .name = "dispatch-draining-slot",
        .structure = STRUCTURE_DISPATCH,
        .config = "tiny",
        .test = "tiny-draining-slot",
        .bug = "the TB dispatcher places a TB in a TB slot whose TB finishes "
               "in the same cycle (still held until the next)",
        .proof_long = 1,
    },
    [DEFECT_SHARED_MEM_TOP_BIT_BROADCAST] = {
        .name = "shared-mem-top-bit-broadcast",
        .structure = STRUCTURE_SHARED_MEM,
        .config = "tiny",
        .test = "tiny-top-bit-broadcast",
        .bug = "the shared memory takes two words of one bank that differ "
               "only in the top address bit for one: both lanes served in "
               "one cycle",
    },
    [DEFECT_SCOREBOARD_NO_WAW] = {
        .name = "scoreboard-no-waw",
        .structure = STRUCTURE_SCOREBOARD,
        .config = "tiny",
        .test = "tiny-no-waw",
        .bug = "the scoreboard's check ignores the destination register: "
               "a write issues over a write in flight (WAW)",
    },
    [DEFECT_DECODE_LOAD_ON_ALU] = {
        .name = "decode-load-on-alu",
        .structure = STRUCTURE_DECODE,
        .config = "tiny",
        .test = "tiny-load-on-alu",
        .bug = "decode reports a load's unit as the ALU",
    },
    [DEFECT_DECODE_SRAI_AS_SRLI] = {
        .name = "decode-srai-as-srli",
        .structure = STRUCTURE_DECODE,
        .config = "tiny",
        .test = "tiny-srai-as-srli",
        .bug = "decode gives srai the operation code of srli: the lanes "
               "would shift it logically",
    },
    [DEFECT_LSU_DROP_LAST_LANE] = {
        .name = "lsu-drop-last-lane",
        .structure = STRUCTURE_LSU,
        .config = "tiny",
        .test = "tiny-drop-last-lane",
        .bug = "the coalescer lets a global request go when one lane is "
               "left, whose line is never served",
    },
    [DEFECT_L1_FILL_KEEPS_MSHR] = {
        .name = "l1-fill-keeps-mshr",
        .structure = STRUCTURE_L1_CACHE,
        .config = "tiny",
        .test = "tiny-fill-keeps-mshr",
        .bug = "an L1 fill writes its line but leaves its MSHR busy",
        .proof_long = 1,
    },
    /* On tiny, a harp preset: the per-lane offsets exist there. */
    [DEFECT_REGFILE_OFFSET_LAST_LANE] = {
        .name = "regfile-offset-last-lane",
        .structure = STRUCTURE_REGFILE,
        .config = "tiny",
        .test = "tiny-offset-last-lane",
        .bug = "the register file's last bank reads at the issuing warp's "
               "slot, not at its own thread's (no per-lane offset there)",
    },
    [DEFECT_LANE_MULHSU_SIGNED_RS2] = {
        .name = "lane-mulhsu-signed-rs2",
        .structure = STRUCTURE_LANE,
        .config = "tiny",
        .test = "tiny-mulhsu-signed-rs2",
        .bug = "a lane's mulhsu takes rs2 as signed (the high word of a "
               "signed by signed product)",
    },
    [DEFECT_SIMD_GROUP_DIV_EARLY] = {
        .name = "simd-group-div-early",
        .structure = STRUCTURE_SIMD_GROUP,
        .config = "tiny",
        .test = "tiny-div-early",
        .bug = "the SIMD groups announce a divide's result one cycle before "
               "its latency has passed",
    },
    [DEFECT_MEM_WAIT_DONE_FIRST_LANE] = {
        .name = "mem-wait-done-first-lane",
        .structure = STRUCTURE_MEM_WAIT,
        .config = "tiny",
        .test = "tiny-done-first-lane",
        .bug = "a done of a global load counts one fewer load in flight "
               "only for its first lane's thread: the others wait on "
               "global memory for ever",
    },
    [DEFECT_TB_TABLE_RETIRE_FORGETS_ARRIVAL] = {
        .name = "tb-table-retire-forgets-arrival",
        .structure = STRUCTURE_TB_TABLE,
        .config = "tiny",
        .test = "tiny-retire-forgets-arrival",
        .bug = "the table of resident TBs does not count the barrier arrival "
               "of a warp that retires after arriving: its TB owes the "
               "arrival again",
    },
    [DEFECT_WARP_SLOTS_RELEASE_EXITED] = {
        .name = "warp-slots-release-exited",
        .structure = STRUCTURE_WARP_SLOTS,
        .config = "tiny",
        .test = "tiny-release-exited",
        .bug = "the table of warp slots takes a warp that retires in the "
               "cycle its TB's barrier releases off the barrier",
    },
    [DEFECT_IBUFFER_FILL_OVER_HEAD] = {
        .name = "ibuffer-fill-over-head",
        .structure = STRUCTURE_IBUFFER,
        .config = "tiny",
        .test = "tiny-fill-over-head",
        .bug = "an I-buffer fill is written into the warp's oldest slot "
               "instead of after its last",
    },
    [DEFECT_IBUFFER_WORD_AT_FLIGHT] = {
        .name = "ibuffer-word-at-flight",
        .structure = STRUCTURE_IBUFFER,
        .config = "tiny",
        .test = "tiny-word-at-flight",
        .bug = "an I-buffer fill's instruction word is written at the "
               "entry its fetch held in flight, not at the slot it lands in",
    },
    [DEFECT_HARP_QUEUE_WRITE_AT_PORT] = {
        .name = "harp-queue-write-at-port",
        .structure = STRUCTURE_HARP_QUEUE,
        .config = "tiny",
        .test = "tiny-write-at-port",
        .bug = "the HARP stage's queue writes port p's warp at tail + p, "
               "not at tail + the valid ports before it: a warp written "
               "with a lower port idle leaves a stale entry in the queue",
    },
    [DEFECT_SM_RECONV_LATE_FIRST] = {
        .name = "sm-reconv-late-first",
        .structure = STRUCTURE_SM_RECONV,
        .config = "tests/data/scenarios/sm-tiny-sbr.conf",
        .test = "sm-tiny-sbr-late-first",
        .bug = "the sbr control-flow stage runs first the side of a branch "
               "that reaches a barrier before re-converging (it must run "
               "last)",
        .modes = REGISTRY_MODE(RECONV_SBR),
    },
    [DEFECT_SM_RECONV_POP_NO_MASK] = {
        .name = "sm-reconv-pop-no-mask",
        .structure = STRUCTURE_SM_RECONV,
        .config = "tests/data/scenarios/sm-tiny-minpc.conf",
        .test = "sm-tiny-minpc-pop-no-mask",
        .bug = "the minpc control-flow stage reports no re-convergence "
               "when the lanes that ran go on to the next instruction, "
               "though threads waiting there join them (the pop ignores "
               "the selected mask)",
        .modes = REGISTRY_MODE(RECONV_MINPC),
    },
    [DEFECT_SM_RECONV_ICS_NO_ACTION] = {
        .name = "sm-reconv-ics-no-action",
        .structure = STRUCTURE_SM_RECONV,
        .config = "tests/data/scenarios/sm-tiny-ics.conf",
        .test = "sm-tiny-ics-no-action",
        .bug = "the ics-first control-flow stage commits an instruction "
               "without the ICS action the loader put at its PC (no raise "
               "at a divergent branch, no lower at its re-convergence "
               "point)",
        .modes = REGISTRY_MODE(RECONV_ICS_FIRST),
    },
    [DEFECT_SM_RECONV_HARP_EXIT_STAYS] = {
        .name = "sm-reconv-harp-exit-stays",
        .structure = STRUCTURE_SM_RECONV,
        .config = "tiny",
        .test = "tiny-exit-stays",
        .bug = "the harp control-flow stage queues no arrival for a "
               "thread that exits while a re-convergence barrier of the "
               "RBT holds it as a member not yet arrived: the barrier "
               "waits for it for ever, and its launch warp never launches "
               "again",
        .modes = REGISTRY_MODE(RECONV_HARP),
    },
    [DEFECT_SM_FRONT_NO_FLUSH_ON_POP] = {
        .name = "sm-front-no-flush-on-pop",
        .structure = STRUCTURE_SM_FRONT,
        .config = "tests/data/scenarios/sm-tiny-sbr.conf",
        .test = "sm-tiny-sbr-no-flush-on-pop",
        .bug = "an instruction whose update re-converges threads (a pop) "
               "does not flush its warp's I-buffer, which keeps the "
               "instructions fetched with the old mask",
        .modes = REGISTRY_MODE(RECONV_SBR) | REGISTRY_MODE(RECONV_MINPC),
    },
    [DEFECT_SM_FRONT_FETCH_LIVE_MASK] = {
        .name = "sm-front-fetch-live-mask",
        .structure = STRUCTURE_SM_FRONT,
        .config = "tests/data/scenarios/sm-tiny-minpc.conf",
        .test = "sm-tiny-minpc-fetch-live-mask",
        .bug = "under minpc the fetch from the stage's PC takes the warp's "
               "live lanes as its mask instead of the stage's active mask "
               "(the threads at min(SP:PC)): a diverged warp fetches for "
               "threads that wait elsewhere",
        .modes = REGISTRY_MODE(RECONV_MINPC),
    },
    [DEFECT_SM_FRONT_HARP_FETCH_SLOT] = {
        .name = "sm-front-harp-fetch-slot",
        .structure = STRUCTURE_SM_FRONT,
        .config = "tiny",
        .test = "tiny-harp-fetch-slot",
        .bug = "under harp the fetch unit's warp_valid of First-Level slot "
               "f is the stage's fetchable bit of slot f + 1 (mod the "
               "slots): the fetch unit fetches for a slot that holds no "
               "warp and empties one that does",
        .modes = REGISTRY_MODE(RECONV_HARP),
    },
    [DEFECT_SM_FRONT_LAUNCH_HIGHEST] = {
        .name = "sm-front-launch-highest",
        .structure = STRUCTURE_SM_FRONT,
        .config = "tests/data/scenarios/sm-tiny-sbr.conf",
        .test = "sm-tiny-sbr-launch-highest",
        .bug = "the front end's launch choice takes the highest warp whose "
               "launch is pending and that the stage can take, not the "
               "lowest: the warps of a TB launch in the reverse order",
    },
    [DEFECT_SM_ISSUE_NO_LSU_ACCEPT] = {
        .name = "sm-issue-no-lsu-accept",
        .structure = STRUCTURE_SM_ISSUE,
        .config = "tests/data/scenarios/sm-tiny-sbr.conf",
        .test = "sm-tiny-sbr-no-lsu-accept",
        .bug = "the issue check holds a memory instruction only when an "
               "earlier scheduler took the LSU's port this cycle, not when "
               "the LSU cannot take a request: a warp is issuable that the "
               "SM holds",
    },
    [DEFECT_SM_ISSUE_OWN_SLOT] = {
        .name = "sm-issue-own-slot",
        .structure = STRUCTURE_SM_ISSUE,
        .config = "tiny",
        .test = "tiny-own-slot",
        .bug = "under harp the scoreboard's check reads every lane's "
               "thread at the issue slot's warp slot instead of at its own "
               "launch warp's (the stage's issue view): a regrouped warp "
               "issues over its threads' pending registers",
        .modes = REGISTRY_MODE(RECONV_HARP),
    },
    [DEFECT_SM_MEM_DONE_LATE] = {
        .name = "sm-mem-done-late",
        .structure = STRUCTURE_SM_MEM,
        .config = "tests/data/scenarios/sm-tiny-sbr.conf",
        .test = "sm-tiny-sbr-done-late",
        .bug = "the table of loads in flight takes the LSU's dones a cycle "
               "late (through a register), so the threads a load writes "
               "are released a cycle after its data is back",
    },
    [DEFECT_SM_MEM_SEND_WARP_SLOT] = {
        .name = "sm-mem-send-warp-slot",
        .structure = STRUCTURE_SM_MEM,
        .config = "tiny",
        .test = "tiny-send-warp-slot",
        .bug = "the table of loads in flight takes the issuing warp slot as "
               "every lane's thread's slot instead of each lane's own: under "
               "harp, whose regrouped warps run threads of several launch "
               "warps, a load's write-back names threads that did not send "
               "it (the same module under the other modes, where every lane "
               "is the issuing slot's)",
        .modes = REGISTRY_MODE(RECONV_HARP),
    },
    [DEFECT_SM_MEM_BYTE_ENABLE] = {
        .name = "sm-mem-byte-enable",
        .structure = STRUCTURE_SM_MEM,
        .config = "tiny",
        .test = "tiny-byte-enable",
        .bug = "a shared-memory store's byte enables and data sit one byte "
               "above its address in the bank's word, so the word a later "
               "load reads is not the one the C SM stored",
    },
    [DEFECT_SM_MEM_WRITE_LEAD_LANE] = {
        .name = "sm-mem-write-lead-lane",
        .structure = STRUCTURE_SM_MEM,
        .config = "tiny",
        .test = "tiny-write-lead-lane",
        .bug = "a global store's write on the memory port carries the bytes "
               "and byte enables of the lowest lane on its line alone: the "
               "other lanes' stores to that line never reach memory",
    },
    [DEFECT_SM_MEM_FILL_WORD] = {
        .name = "sm-mem-fill-word",
        .structure = STRUCTURE_SM_MEM,
        .config = "tests/data/scenarios/sm-tiny-sbr.conf",
        .test = "sm-tiny-sbr-fill-word",
        .bug = "the lanes of a global load that miss or merge into an MSHR "
               "keep the byte of the line of the pass's lowest lane, not "
               "their own: at the fill each takes that lane's word",
    },
    [DEFECT_SM_MEM_STORE_HIT_STALE] = {
        .name = "sm-mem-store-hit-stale",
        .structure = STRUCTURE_SM_MEM,
        .config = "tests/data/scenarios/sm-tiny-sbr.conf",
        .test = "sm-tiny-sbr-store-hit-stale",
        .bug = "a global store that hits the L1 writes through to memory "
               "but leaves the way's line as it was: a later load that "
               "hits reads the word from before the store",
    },
    [DEFECT_SM_MEM_SC_UNBROKEN] = {
        .name = "sm-mem-sc-unbroken",
        .structure = STRUCTURE_SM_MEM,
        .config = "tests/data/scenarios/sm-tiny-sbr.conf",
        .test = "sm-tiny-sbr-sc-unbroken",
        .bug = "a store, an atomic or a successful sc.w of a word leaves "
               "the other threads' reservations of it: their sc.w "
               "succeeds after the write (the lanes of one sc.w still "
               "see each other's)",
    },
    [DEFECT_SM_LAUNCH_DRAINING_SLOT] = {
        .name = "sm-launch-draining-slot",
        .structure = STRUCTURE_SM_LAUNCH,
        .config = "tests/data/scenarios/sm-tiny-sbr.conf",
        .test = "sm-tiny-sbr-draining-slot",
        .bug = "the launch frees a TB's slot in the dispatcher when any of "
               "its warps retires rather than the table's last one: the "
               "dispatcher places a TB in a slot still draining (each part "
               "right, their wiring wrong)",
    },
    [DEFECT_SM_LAUNCH_PLACE_UNSEEN] = {
        .name = "sm-launch-place-unseen",
        .structure = STRUCTURE_SM_LAUNCH,
        .config = "tests/data/scenarios/sm-tiny-sbr.conf",
        .test = "sm-tiny-sbr-place-unseen",
        .bug = "the launch shows the warp slots as their registers hold "
               "them, without the cycle's placements: a warp placed in a "
               "cycle is not seen as launch pending until the next, where "
               "the C SM may launch it at once (each part right, their "
               "wiring wrong)",
    },
    [DEFECT_SM_EXEC_DIV_ROW_EARLY] = {
        .name = "sm-exec-div-row-early",
        .structure = STRUCTURE_SM_EXEC,
        .config = "tiny",
        .test = "tiny-div-row-early",
        .bug = "the datapath writes a divide's value, as it leaves the "
               "divider, at the register and warps of the instruction "
               "that entered the lanes a cycle after it (its row read one "
               "stage early)",
    },
    [DEFECT_SM_EXEC_NO_BYPASS] = {
        .name = "sm-exec-no-bypass",
        .structure = STRUCTURE_SM_EXEC,
        .config = "tiny",
        .test = "tiny-no-bypass",
        .bug = "the datapath has no bypass from its write port to the "
               "registers read at the same edge: an instruction issued the "
               "cycle after the one that writes its operand (a load's "
               "dependent issued the cycle after the load's done) reads "
               "the old value",
    },
    [DEFECT_SM_EXEC_LOAD_LATE] = {
        .name = "sm-exec-load-late",
        .structure = STRUCTURE_SM_EXEC,
        .config = "tiny",
        .test = "tiny-load-late",
        .bug = "the datapath writes a load's or atomic's register a cycle "
               "after its write-back register takes the LSU's done (a "
               "second register in the way): a dependent the scoreboard "
               "lets issue the cycle after the done reads the old value",
    },
    [DEFECT_SM_EXEC_RUNS_HELD] = {
        .name = "sm-exec-runs-held",
        .structure = STRUCTURE_SM_EXEC,
        .config = "tests/data/scenarios/sm-tiny-sbr-or1.conf",
        .test = "sm-tiny-sbr-or1-runs-held",
        .bug = "under the operand-read stage the datapath runs every read "
               "it is issued, go_i ignored: the instruction of a warp the "
               "stage holds on a hazard (or drops) writes its results and "
               "sends its requests, a cycle before it executes",
    },
    [DEFECT_SM_RESERVE_SHORT] = {
        .name = "sm-reserve-short",
        .structure = STRUCTURE_SM,
        .config = "tests/data/scenarios/sm-tiny-sbr-or1.conf",
        .test = "sm-tiny-sbr-or1-reserve-short",
        .bug = "the SM reserves a run's destination for a cycle less than "
               "its SIMD group's latency (the scoreboard releases it a "
               "cycle early): a dependent instruction issues before the "
               "value it reads is written (each part right, the latency "
               "the composition gives the scoreboard wrong)",
    },
    [DEFECT_SM_LSU_TURN_IGNORED] = {
        .name = "sm-lsu-turn-ignored",
        .structure = STRUCTURE_SM,
        .config = "tests/data/scenarios/sm-tiny-sbr-or1.conf",
        .test = "sm-tiny-sbr-or1-lsu-turn-ignored",
        .bug = "a warp in the operand-read stage runs its memory "
               "instruction although a lower scheduler's run took the "
               "LSU's port in the same cycle: the LSU takes one of the "
               "two requests and the other is lost",
    },
    [DEFECT_SM_EXIT_KEEPS_LIVE] = {
        .name = "sm-exit-keeps-live",
        .structure = STRUCTURE_SM,
        .config = "tests/data/scenarios/sm-tiny-sbr-or1.conf",
        .test = "sm-tiny-sbr-or1-exit-keeps-live",
        .bug = "when a warp's last path ends (the control-flow stage's "
               "exited_o) the SM kills only the lanes that exit in the "
               "run, not every live lane of the warp: lanes that ended "
               "on another path stay live and the warp never retires",
    },
    [DEFECT_SM_HELD_NOT_READ] = {
        .name = "sm-held-not-read",
        .structure = STRUCTURE_SM,
        .config = "tests/data/scenarios/sm-tiny-sbr-or1.conf",
        .test = "sm-tiny-sbr-or1-held-not-read",
        .bug = "the SM issues the datapath's operand read only for a "
               "grant, not again for the warp the operand-read stage "
               "holds on a hazard: when the hazard clears the datapath "
               "runs the operands it read before the hazard cleared",
    },
    [DEFECT_SM_ICS_ARRIVE_AT_ISSUE] = {
        .name = "sm-ics-arrive-at-issue",
        .structure = STRUCTURE_SM,
        .config = "tests/data/scenarios/sm-tiny-ics-or1.conf",
        .test = "sm-tiny-ics-or1-arrive-at-issue",
        .bug = "under ics-first the SM counts a warp's barrier arrival "
               "when the warp runs simt.bar, as under sbr, not when its "
               "ICS-First module holds every live thread in Barrier: a "
               "divergent warp arrives with threads still running, and "
               "a converged one a cycle before its commit parks them",
    },
    [DEFECT_SM_MINPC_KEY_AT_PLACEMENT] = {
        .name = "sm-minpc-key-at-placement",
        .structure = STRUCTURE_SM,
        .config = "tests/data/scenarios/sm-tiny-minpc-or1.conf",
        .test = "sm-tiny-minpc-or1-key-at-placement",
        .bug = "under minpc the SM writes a thread's SP key (its x2's "
               "stack offset) at the thread's placement only, not with "
               "the results written to x2: every thread keeps the "
               "shallowest key, and min(SP:PC) orders threads at "
               "different call depths by their PCs alone",
    },
};

const struct defect_info *registry_defect(enum rtl_defect d)
{
    return &defects[d];
}

const char *rtl_defect_name(enum rtl_defect d)
{
    return defects[d].name;
}

int rtl_defect_parse(const char *name, enum rtl_defect *d)
{
    int i;

    for (i = 0; i < DEFECT_COUNT; i++) {
        if (strcmp(name, defects[i].name) == 0) {
            *d = (enum rtl_defect)i;
            return 0;
        }
    }
    return -1;
}
