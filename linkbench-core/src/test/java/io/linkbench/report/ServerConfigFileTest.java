package io.linkbench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** server-config.txt: sorted name = value lines, one per setting, credentials hidden. */
class ServerConfigFileTest {
    @Test
    void linesAreSortedOneLinePerSettingWithCredentialsHidden() {
        Map<String, String> settings = new LinkedHashMap<>();
        settings.put("z_last", "1");
        settings.put("a_first", "two\nlines");
        settings.put("repl_password", "hunter2");
        settings.put("primary_conninfo", "host=db user=r password=hunter2");
        settings.put("empty", "");
        settings.put("default_password_lifetime", "0");
        settings.put("report_password", "");
        assertEquals("""
                a_first = two\\nlines
                default_password_lifetime = 0
                empty =\s
                primary_conninfo = host=db user=r password=***
                repl_password = ***
                report_password =\s
                z_last = 1
                """, ResultFiles.serverConfigText(settings));
    }
}
