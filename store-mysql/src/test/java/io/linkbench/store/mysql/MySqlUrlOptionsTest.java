package io.linkbench.store.mysql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linkbench.store.GraphStore;
import io.linkbench.store.StoreException;
import io.linkbench.store.StoreSession;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** {@code jdbc_url_options} win over the store's own settings, as mysql.md says: the credentials too. */
class MySqlUrlOptionsTest {
    private static final String DATABASE = "lb_url_options";

    @ParameterizedTest(name = "password key ''{0}''")
    @ValueSource(strings = {"", "not-the-password"})
    void aPasswordInTheUrlOptionsIsTheOneUsed(String key) throws Exception {
        try (GraphStore store = MySqlTestServer.freshStore("innodb", DATABASE,
                Map.of("password", key, "jdbc_url_options", "password=" + MySqlTestServer.PASSWORD));
             StoreSession s = store.session(0)) {
            assertEquals(0, s.countLinks(1, 1));
        }
    }

    @Test
    void aWrongPasswordInTheUrlOptionsIsRefusedEvenBesideTheRightKey() {
        MySqlTestServer.assumeAvailable();
        StoreException e = assertThrows(StoreException.class, () -> MySqlTestServer.freshStore("innodb", DATABASE,
                Map.of("jdbc_url_options", "password=not-the-password")).close());
        assertTrue(e.getMessage().startsWith("cannot connect to MySQL server"), e.getMessage());
        assertFalse(e.getMessage().contains("not-the-password"), e.getMessage());
    }
}
