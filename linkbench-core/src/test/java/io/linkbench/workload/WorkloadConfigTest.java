package io.linkbench.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linkbench.config.ConfigException;
import io.linkbench.graph.Link;
import io.linkbench.workload.dist.PayloadSpec;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The payload keys (rule 8) and their ranges: one definition, the one the generator accepts. */
class WorkloadConfigTest {
    @Test
    void payloadsDefaultToTheOriginalsMotifContent() {
        WorkloadConfig c = TestWorkloads.with();
        assertEquals(new PayloadSpec(23, 254, 0.225, PayloadSpec.Content.MOTIF, 32, 100, 128),
                c.linkPayload(), "link payloads in [0, 255) as the original's MAX_LINK_DATA");
        assertEquals(new PayloadSpec(168, (1 << 20) - 1, 0.63, PayloadSpec.Content.MOTIF, 50, 220, 128),
                c.nodePayload(), "node payloads in [0, 1 MiB) as the original's");
        assertEquals(65536, TestWorkloads.with("link_datasize_limit", "65537").linkPayload().maxSize(),
                "a key keeps longer ones");
        assertEquals(PayloadSpec.Content.REPEAT, TestWorkloads.with("payload_content", "repeat").linkPayload().content());
    }

    @Test
    void loadedLinkBytesLieInTheConfiguredRange() {
        WorkloadConfig c = TestWorkloads.with("maxid1", "2001", "link_data_firstbyte", "65", "link_data_lastbyte", "70");
        LoadGenerator g = new LoadGenerator(c, new GraphShape(c, 1), 1, 1_700_000_000_000L);
        List<Link> links = new ArrayList<>();
        for (long id1 = 1; id1 < 2001; id1++) {
            TestWorkloads.allLinks(g, id1, links, new ArrayList<>());
        }
        long bytes = 0;
        for (Link l : links) {
            for (byte b : l.data()) {
                assertTrue(b >= 65 && b <= 70, "byte " + b);
                bytes++;
            }
        }
        assertTrue(bytes > 10_000);
    }

    @Test
    void badPayloadSettingsNameTheirKey() {
        ConfigException e = assertThrows(ConfigException.class, () -> TestWorkloads.with("link_datasize", "65537"));
        assertTrue(e.getMessage().contains("link_datasize"), e.getMessage());
        e = assertThrows(ConfigException.class, () -> TestWorkloads.with("node_data_lastbyte", "256"));
        assertTrue(e.getMessage().contains("node_data_lastbyte"), e.getMessage());
        e = assertThrows(ConfigException.class,
                () -> TestWorkloads.with("link_data_firstbyte", "90", "link_data_lastbyte", "80"));
        assertTrue(e.getMessage().contains("link_data_lastbyte"), e.getMessage());
        e = assertThrows(ConfigException.class, () -> TestWorkloads.with("payload_chunk_length", "513"));
        assertTrue(e.getMessage().contains("payload_chunk_length"), e.getMessage());
    }
}
