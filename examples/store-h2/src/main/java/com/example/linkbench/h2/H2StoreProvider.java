package com.example.linkbench.h2;

import io.linkbench.config.Setting;
import io.linkbench.config.Settings;
import io.linkbench.store.GraphStore;
import io.linkbench.store.StoreContext;
import io.linkbench.store.StoreException;
import io.linkbench.store.StoreProvider;
import java.nio.file.Path;
import java.util.List;

/**
 * {@code store = h2}: an embedded H2 database in one file, for one process at a time. Registered in
 * {@code META-INF/services/io.linkbench.store.StoreProvider}.
 */
public final class H2StoreProvider implements StoreProvider {
    static final String DB_PATH = "db_path";
    static final String PASSWORD = "h2_password";
    static final String LOCK_TIMEOUT = "lock_timeout_ms";

    /** For {@link java.util.ServiceLoader}; does nothing. */
    public H2StoreProvider() {
    }

    @Override
    public String name() {
        return "h2";
    }

    @Override
    public String description() {
        return "embedded H2 database file (example plug-in, one process at a time)";
    }

    @Override
    public List<Setting> settings() {
        return List.of(
                Setting.of(DB_PATH, "./data/h2/linkbench", "database file, without the .mv.db suffix (created when missing)"),
                Setting.secret(PASSWORD, "password of the database file; empty: none"),
                Setting.of(LOCK_TIMEOUT, "10000", "milliseconds a write waits for a row lock before it fails as a conflict"));
    }

    /** Refuses a lock_timeout that {@link #open} would refuse, without opening the file. */
    @Override
    public void check(Settings s) {
        s.getInt(LOCK_TIMEOUT, 10_000, 1, 3_600_000);
    }

    @Override
    public GraphStore open(StoreContext context) throws StoreException {
        Settings s = context.settings();
        Path path = Path.of(s.getString(DB_PATH, "./data/h2/linkbench")).toAbsolutePath();
        int lockTimeout = s.getInt(LOCK_TIMEOUT, 10_000, 1, 3_600_000);
        return H2Store.open(path, s.optional(PASSWORD).orElse(""), lockTimeout);
    }
}
