package bigfoot.staticbf.jar;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import bigfoot.staticbf.rewrite.ClassFit;
import bigfoot.staticbf.store.Decoder;
import bigfoot.staticbf.store.Encoder;
import org.junit.jupiter.api.Test;

/** A kept fit is decoded only as the fit its digest names: damage that still decodes is not taken for it. */
class EncodedFitTest {

    /** A fit of one write check of {@code app.P.x} at bytecode index 3 of {@code app.P.m()V}. */
    private static ClassFit fit() throws Decoder.Malformed {
        Encoder out = new Encoder().writeInt(1).writeString("app/P.m()V").writeInt(1);
        out.writeInt(0).writeString("@3").writeString("app/P").writeString("x").writeString("I").writeInt(-1)
                .writeBoolean(true).writeBoolean(false);
        return ClassFit.decode(new Decoder(out.toByteArray()));
    }

    @Test
    void aKeptFitDecodesToTheFitItWasMadeFrom() throws Decoder.Malformed {
        EncodedFit kept = EncodedFit.of(fit());

        assertArrayEquals(kept.bytes(), EncodedFit.of(kept.decode()).bytes());
    }

    @Test
    void aKeptFitWhoseBytesNoLongerHaveItsDigestIsNotDecoded() throws Decoder.Malformed {
        EncodedFit kept = EncodedFit.of(fit());
        byte[] damaged = kept.bytes().clone();
        for (int i = 0; i < damaged.length; i++) {
            if (damaged[i] == 'x') {
                damaged[i] = 'y'; // still a well-formed fit: of field y
            }
        }
        EncodedFit read = new EncodedFit(damaged, kept.digest());

        ClassFit.decode(new Decoder(damaged)); // decodes as it is
        assertThrows(Decoder.Malformed.class, read::decode);
    }
}
