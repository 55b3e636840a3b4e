package io.linkbench.tck;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linkbench.run.CoreSettings;
import io.linkbench.config.Setting;
import io.linkbench.config.Settings;
import io.linkbench.store.StoreInfo;
import io.linkbench.store.StoreProvider;
import io.linkbench.store.StoreProviders;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.Set;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * TCK: the provider as the CLI sees it: registered for {@link ServiceLoader} and found under its
 * {@code name()}; every declared setting with a description and, unless secret, a default; secrets
 * without defaults, and their values ({@link GraphStoreContract#secretValues()}) absent from
 * {@link StoreInfo} and from {@link Settings#redacted} results. Needs
 * {@link GraphStoreContract#provider()}.
 */
public abstract class ProviderContract extends TckSupport {

    protected ProviderContract(GraphStoreContract contract) {
        super(contract);
    }

    private StoreProvider provider() {
        StoreProvider p = contract().provider();
        Assumptions.assumeTrue(p != null, () -> contract().getClass().getSimpleName()
                + " does not override provider(): the provider contract is skipped");
        return p;
    }

    @Test
    void foundByServiceLoaderUnderItsName() {
        StoreProvider p = provider();
        assertTrue(p.name().matches("[a-z0-9][a-z0-9_-]*"), "name must be lower case without spaces: '" + p.name() + "'");
        List<StoreProvider> named = new ArrayList<>();
        for (StoreProvider found : ServiceLoader.load(StoreProvider.class, p.getClass().getClassLoader())) {
            if (found.name().equals(p.name())) {
                named.add(found);
            }
        }
        assertEquals(1, named.size(), "providers registered in META-INF/services/"
                + StoreProvider.class.getName() + " under the name '" + p.name() + "'");
        assertEquals(p.getClass(), named.get(0).getClass());
        assertEquals(p.getClass(), StoreProviders.discover().byName(p.name()).getClass(), "the CLI's lookup");
        assertFalse(p.description().isBlank(), "description()");
        assertFalse(p.description().contains("\n"), "description() is one line");
    }

    @Test
    void settingsAreDeclaredWithDescriptionsAndDefaults() {
        StoreProvider p = provider();
        Set<String> keys = new HashSet<>();
        Set<String> core = new HashSet<>();
        CoreSettings.all().forEach(s -> core.add(s.key()));
        for (Setting s : p.settings()) {
            assertTrue(keys.add(s.key()), "key declared twice: " + s.key());
            assertFalse(core.contains(s.key()), "key " + s.key() + " is a core key");
            assertTrue(s.key().matches("[a-z0-9_.]+"), "key must be lower case: " + s.key());
            assertFalse(s.description().isBlank(), "description of " + s.key());
            assertFalse(s.description().contains("\n"), "description of " + s.key() + " is one line");
            if (s.secret()) {
                assertNull(s.defaultValue(), "a secret has no default: " + s.key());
            } else {
                assertTrue(s.defaultValue() != null, "no default for " + s.key() + " (only secrets may have none)");
            }
        }
    }

    @Test
    void secretsAreRedacted() throws Exception {
        StoreProvider p = provider();
        Map<String, String> secrets = contract().secretValues();
        List<Setting> declared = new ArrayList<>(p.settings());
        declared.addAll(CoreSettings.all());
        for (String key : secrets.keySet()) {
            assertTrue(p.settings().stream().anyMatch(s -> s.key().equals(key) && s.secret()),
                    "secretValues() names " + key + ", which is not a secret setting of " + p.name());
        }
        Map<String, String> redacted = Settings.withDefaults(secrets, declared).redacted(declared);
        StoreInfo info = store().info();
        assertEquals(p.name(), info.store(), "StoreInfo.store is the provider's name");
        for (Map.Entry<String, String> secret : secrets.entrySet()) {
            assertFalse(redacted.containsKey(secret.getKey()), "redacted settings keep " + secret.getKey());
            assertFalse(redacted.containsValue(secret.getValue()), "redacted settings show the value of " + secret.getKey());
            for (Map.Entry<String, String> fact : info.facts().entrySet()) {
                assertFalse(fact.getValue().contains(secret.getValue()),
                        "StoreInfo fact " + fact.getKey() + " shows the value of " + secret.getKey());
            }
            assertFalse(info.version().contains(secret.getValue()) || info.engine().contains(secret.getValue()),
                    "StoreInfo version or engine shows the value of " + secret.getKey());
        }
    }
}
