package io.linkbench.measure.probe;

import java.net.URISyntaxException;
import java.nio.file.Path;

/** The fixture directories under {@code src/test/resources/probe}. */
final class Fixtures {
    private Fixtures() {
    }

    /** {@code probe/<name>}, e.g. {@code real} (copied from a live /proc) or {@code start}. */
    static Path dir(String name) {
        try {
            return Path.of(Fixtures.class.getResource("/probe/" + name).toURI());
        } catch (URISyntaxException | NullPointerException e) {
            throw new IllegalStateException("no fixture probe/" + name, e);
        }
    }
}
