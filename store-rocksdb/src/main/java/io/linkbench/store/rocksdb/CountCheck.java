package io.linkbench.store.rocksdb;

import io.linkbench.store.VerificationReport;
import io.linkbench.store.VerificationReport.Mismatch;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.rocksdb.ReadOptions;
import org.rocksdb.RocksDBException;
import org.rocksdb.RocksIterator;

/**
 * {@code linkbench verify}: one merge join of the links and counts column families, which are both
 * ordered by the (id1, link_type) prefix, comparing each group's count cell with its visible links.
 * Reads bypass the block cache so a verify does not evict the working set.
 */
final class CountCheck {
    private static final int MAX_EXAMPLES = 10;

    private CountCheck() {
    }

    static VerificationReport run(Database d) throws RocksDBException {
        long groups = 0;
        long mismatches = 0;
        List<Mismatch> examples = new ArrayList<>();
        try (ReadOptions ro = new ReadOptions().setFillCache(false);
             RocksIterator links = d.db.newIterator(d.links, ro);
             RocksIterator counts = d.db.newIterator(d.counts, ro)) {
            links.seekToFirst();
            counts.seekToFirst();
            while (links.isValid() || counts.isValid()) {
                byte[] group = nextGroup(links, counts);
                long visible = 0;
                for (; links.isValid(); links.next()) {
                    byte[] key = links.key();
                    if (!Keys.inGroup(key, group)) {
                        break;
                    }
                    if (Values.linkVisible(links.value())) {
                        visible++;
                    }
                }
                boolean hasRow = false;
                long stored = 0;
                for (; counts.isValid(); counts.next()) {
                    byte[] key = counts.key();
                    if (!Keys.inGroup(key, group)) {
                        break;
                    }
                    hasRow = true;
                    if (key[Keys.GROUP_PREFIX] == Keys.CELL_COUNT) {
                        stored = Bytes.getUint64(counts.value());
                    }
                }
                groups++;
                if (hasRow ? stored != visible : visible > 0) {
                    mismatches++;
                    if (examples.size() < MAX_EXAMPLES) {
                        examples.add(new Mismatch(Keys.id1(group), Keys.linkType(group), hasRow ? stored : -1, visible));
                    }
                }
            }
            links.status();
            counts.status();
        }
        return new VerificationReport(groups, mismatches, examples);
    }

    /** The smaller (id1, link_type) prefix of the two iterators' current keys. */
    private static byte[] nextGroup(RocksIterator links, RocksIterator counts) {
        if (!links.isValid()) {
            return Arrays.copyOf(counts.key(), Keys.GROUP_PREFIX);
        }
        if (!counts.isValid()) {
            return Arrays.copyOf(links.key(), Keys.GROUP_PREFIX);
        }
        byte[] a = Arrays.copyOf(links.key(), Keys.GROUP_PREFIX);
        byte[] b = Arrays.copyOf(counts.key(), Keys.GROUP_PREFIX);
        return Arrays.compareUnsigned(a, b) <= 0 ? a : b;
    }
}
