/*
 * A disassembler plugin for HotSpot's -XX:+PrintAssembly and -XX:CompileCommand=print, on the capstone library:
 * the JIT's code of a check site, to see what a check costs (loads, spills, calls) where the machine has no hardware
 * counters. HotSpot (JDK 9 and later) loads hsdis-amd64.so from its own lib directory or the library path and calls
 * decode_instructions_virtual; this implements that one entry point for x86-64, in Intel syntax.
 * Build: make hsdis (needs gcc and libcapstone-dev). Use: docs/profiling.md.
 */
#include <stddef.h>
#include <stdint.h>
#include <capstone/capstone.h>

typedef void *(*event_callback)(void *stream, const char *event, void *arg);
typedef int (*printf_callback)(void *stream, const char *format, ...);

/*
 * Decodes the code at buffer (which runs at start_va): for each instruction, an "insn" event at its address, its
 * text, an "/insn" event at its end (HotSpot prints the address, and its comments after the text), a newline if asked.
 * Returns the address decoding stopped at.
 */
void *decode_instructions_virtual(uintptr_t start_va, uintptr_t end_va, unsigned char *buffer, uintptr_t length,
        event_callback event, void *event_stream, printf_callback print, void *print_stream, const char *options,
        int newline) {
    (void) end_va;
    (void) options;
    csh handle;
    if (cs_open(CS_ARCH_X86, CS_MODE_64, &handle) != CS_ERR_OK) {
        return (void *) start_va;
    }
    cs_insn *insns;
    size_t count = cs_disasm(handle, buffer, length, start_va, 0, &insns);
    uintptr_t end = start_va;
    for (size_t i = 0; i < count; i++) {
        event(event_stream, "insn", (void *) (uintptr_t) insns[i].address);
        print(print_stream, "%-8s %s", insns[i].mnemonic, insns[i].op_str);
        end = (uintptr_t) (insns[i].address + insns[i].size);
        event(event_stream, "/insn", (void *) end);
        if (newline) {
            print(print_stream, "\n");
        }
    }
    if (count > 0) {
        cs_free(insns, count);
    }
    cs_close(&handle);
    return (void *) end;
}
