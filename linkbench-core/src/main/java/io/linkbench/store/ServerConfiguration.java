package io.linkbench.store;

import java.util.Map;

/**
 * A store that can report its server's (or embedded engine's) whole configuration, as the server
 * itself reports it, so a run keeps what it ran against: MySQL's {@code SHOW GLOBAL VARIABLES},
 * PostgreSQL's {@code pg_settings}, RocksDB's options, MongoDB's {@code getParameter} and
 * {@code buildInfo}.
 *
 * <p>Who calls it: the {@code run} command, once per run, right after the store is opened and before
 * any phase, from one thread, waiting 30 s at most (a server that does not answer leaves the file out). linkbench writes the result to {@code server-config.txt} in the run
 * directory (lines {@code name = value}, sorted by name, values that look like credentials hidden) and
 * names that file in {@code result.json}; it is never printed on the console. A store returns
 * everything the server reports, without choosing: the point is to let two runs be compared setting by
 * setting.
 *
 * <p>Example (a JDBC store):
 * <pre>{@code
 * public Map<String, String> serverConfiguration() throws StoreException {
 *     Map<String, String> out = new TreeMap<>();
 *     try (Connection c = pool.getConnection(); Statement s = c.createStatement();
 *          ResultSet r = s.executeQuery("SHOW GLOBAL VARIABLES")) {
 *         while (r.next()) {
 *             out.put(r.getString(1), r.getString(2));
 *         }
 *     } catch (SQLException e) {
 *         throw errors.map(e);
 *     }
 *     return out;
 * }
 * }</pre>
 */
public interface ServerConfiguration extends GraphStore {

    /**
     * The server's configuration now: setting name to its value as text (multi-line values allowed; a
     * setting without a value maps to ""). Names should be unique; a store that merges several sources
     * (MongoDB's parameters and build facts) prefixes them ({@code buildInfo.version}).
     *
     * @return every setting the server reports; never null, may be empty
     * @throws StoreException when the server cannot be asked (kind {@code CONNECTION} or {@code TIMEOUT})
     *                        or refuses (kind {@code REJECTED}, e.g. missing privileges); the run goes on
     *                        without the file and records why in the store's facts
     */
    Map<String, String> serverConfiguration() throws StoreException;
}
