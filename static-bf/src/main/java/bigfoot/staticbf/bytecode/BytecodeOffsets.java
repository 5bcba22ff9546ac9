package bigfoot.staticbf.bytecode;

import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.function.IntPredicate;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.MethodNode;

/**
 * The exact bytecode index of every instruction, read from the Code attributes of the ORIGINAL class
 * file. ASM's tree has one node per real instruction, in order, but re-encodes some (ldc_w, goto_w,
 * wide, iload 0), so bcis are taken from the bytes rather than from a re-written copy.
 */
public final class BytecodeOffsets {

    private final Map<String, int[]> offsetsByMethod;

    private BytecodeOffsets(Map<String, int[]> offsetsByMethod) {
        this.offsetsByMethod = offsetsByMethod;
    }

    public static BytecodeOffsets of(ClassReader reader) {
        Map<String, int[]> byMethod = new HashMap<>();
        forEachCode(reader, (key, codeStart, codeLength) -> {
            byMethod.put(key, instructionOffsets(reader, codeStart, codeLength));
            return false;
        });
        return new BytecodeOffsets(byMethod);
    }

    /** True if a method of {@code reader}'s class has an instruction {@code opcode} accepts (its opcode; not decoded). */
    static boolean anyInstruction(ClassReader reader, IntPredicate opcode) {
        return forEachCode(reader, (key, codeStart, codeLength) -> {
            for (int pc = 0; pc < codeLength; pc += length(reader, codeStart, pc)) {
                if (opcode.test(reader.readByte(codeStart + pc))) {
                    return true;
                }
            }
            return false;
        });
    }

    /** A method's code: its name and descriptor, where its code array starts in the class file, its length. */
    private interface CodeVisitor {
        /** True to stop. */
        boolean visit(String nameAndDescriptor, int codeStart, int codeLength);
    }

    /** Visits the Code attribute of each method, in order, until the visitor stops; true if it stopped. */
    private static boolean forEachCode(ClassReader reader, CodeVisitor visitor) {
        char[] buf = new char[reader.getMaxStringLength()];
        int u = reader.header + 6; // access_flags, this_class, super_class
        u += 2 + 2 * reader.readUnsignedShort(u); // interfaces
        int fieldCount = reader.readUnsignedShort(u);
        u += 2;
        for (int i = 0; i < fieldCount; i++) {
            u = skipAttributes(reader, u + 6);
        }
        int methodCount = reader.readUnsignedShort(u);
        u += 2;
        for (int i = 0; i < methodCount; i++) {
            String key = reader.readUTF8(u + 2, buf) + reader.readUTF8(u + 4, buf);
            int attributeCount = reader.readUnsignedShort(u + 6);
            u += 8;
            for (int a = 0; a < attributeCount; a++) {
                int length = reader.readInt(u + 2);
                // Code: max_stack u2, max_locals u2, code_length u4, code[code_length]
                if ("Code".equals(reader.readUTF8(u, buf)) && visitor.visit(key, u + 14, reader.readInt(u + 10))) {
                    return true;
                }
                u += 6 + length;
            }
        }
        return false;
    }

    /** The bci of every real instruction node of {@code method}, which must be as read from the class file. */
    public Map<AbstractInsnNode, Integer> of(MethodNode method) {
        int[] offsets = offsetsByMethod.getOrDefault(method.name + method.desc, new int[0]);
        Map<AbstractInsnNode, Integer> bcis = new IdentityHashMap<>();
        int k = 0;
        for (AbstractInsnNode insn : method.instructions) {
            if (insn.getOpcode() >= 0) {
                if (k >= offsets.length) {
                    throw new IllegalStateException("instruction count mismatch in " + method.name + method.desc);
                }
                bcis.put(insn, offsets[k++]);
            }
        }
        if (k != offsets.length) {
            throw new IllegalStateException("instruction count mismatch in " + method.name + method.desc);
        }
        return bcis;
    }

    /** The bci of every instruction of the method named {@code nameAndDescriptor}, in order (none without code). */
    int[] offsets(String nameAndDescriptor) {
        return offsetsByMethod.getOrDefault(nameAndDescriptor, new int[0]);
    }

    private static int skipAttributes(ClassReader reader, int u) {
        int count = reader.readUnsignedShort(u);
        u += 2;
        for (int i = 0; i < count; i++) {
            u += 6 + reader.readInt(u + 2);
        }
        return u;
    }

    private static int[] instructionOffsets(ClassReader reader, int codeStart, int codeLength) {
        int[] offsets = new int[codeLength];
        int n = 0;
        for (int pc = 0; pc < codeLength; pc += length(reader, codeStart, pc)) {
            offsets[n++] = pc;
        }
        int[] exact = new int[n];
        System.arraycopy(offsets, 0, exact, 0, n);
        return exact;
    }

    /** The length in bytes of the instruction at {@code pc} (JVMS chapter 6). */
    private static int length(ClassReader reader, int codeStart, int pc) {
        int opcode = reader.readByte(codeStart + pc);
        switch (opcode) {
            case Opcodes.TABLESWITCH: {
                int p = pc + 4 - (pc & 3); // opcode, then padding to a multiple of 4
                int low = reader.readInt(codeStart + p + 4);
                int high = reader.readInt(codeStart + p + 8);
                return p - pc + 12 + 4 * (high - low + 1);
            }
            case Opcodes.LOOKUPSWITCH: {
                int p = pc + 4 - (pc & 3);
                return p - pc + 8 + 8 * reader.readInt(codeStart + p + 4);
            }
            case 0xc4: // wide
                return reader.readByte(codeStart + pc + 1) == Opcodes.IINC ? 6 : 4;
            case Opcodes.BIPUSH: case Opcodes.LDC: case Opcodes.NEWARRAY: case Opcodes.RET:
            case Opcodes.ILOAD: case Opcodes.LLOAD: case Opcodes.FLOAD: case Opcodes.DLOAD: case Opcodes.ALOAD:
            case Opcodes.ISTORE: case Opcodes.LSTORE: case Opcodes.FSTORE: case Opcodes.DSTORE: case Opcodes.ASTORE:
                return 2;
            case Opcodes.SIPUSH: case 0x13: case 0x14: case Opcodes.IINC: // 0x13 ldc_w, 0x14 ldc2_w
            case Opcodes.GETSTATIC: case Opcodes.PUTSTATIC: case Opcodes.GETFIELD: case Opcodes.PUTFIELD:
            case Opcodes.INVOKEVIRTUAL: case Opcodes.INVOKESPECIAL: case Opcodes.INVOKESTATIC:
            case Opcodes.NEW: case Opcodes.ANEWARRAY: case Opcodes.CHECKCAST: case Opcodes.INSTANCEOF:
            case Opcodes.GOTO: case Opcodes.JSR: case Opcodes.IFNULL: case Opcodes.IFNONNULL:
                return 3;
            case Opcodes.MULTIANEWARRAY:
                return 4;
            case Opcodes.INVOKEINTERFACE: case Opcodes.INVOKEDYNAMIC: case 0xc8: case 0xc9: // goto_w, jsr_w
                return 5;
            default:
                return opcode >= Opcodes.IFEQ && opcode <= Opcodes.IF_ACMPNE ? 3 : 1;
        }
    }
}
