package io.linkbench.measure;

import java.util.List;
import java.util.Objects;

/**
 * What a run needs to be reproduced and told apart from others, kept with its result: its label, the
 * command line, the host, the JVM, the linkbench build, and the file holding the server's configuration.
 *
 * @param tag              short label of the run ({@code --tag}; default "store engine"), the compare tables' label
 * @param notes            free text ({@code --notes}), "" when none
 * @param commandLine      the arguments as given, secrets redacted; empty when not recorded
 * @param host             the client host's hardware and OS, or null when not recorded
 * @param jvm              the JVM that ran linkbench, or null when not recorded
 * @param build            linkbench's version and build commit, or null when not recorded
 * @param serverConfigFile name of the server configuration file in the run directory, or "" when the store
 *                         reported none
 */
public record RunMeta(String tag, String notes, List<String> commandLine, HostFacts host, JvmFacts jvm,
                      BuildFacts build, String serverConfigFile) {
    /** Nothing recorded (results written before these fields existed). */
    public static final RunMeta NONE = new RunMeta("", "", List.of(), null, null, null, "");

    public RunMeta {
        tag = tag == null ? "" : tag;
        notes = notes == null ? "" : notes;
        commandLine = List.copyOf(commandLine);
        serverConfigFile = serverConfigFile == null ? "" : serverConfigFile;
    }

    /** This with another server configuration file name. */
    public RunMeta withServerConfigFile(String file) {
        return new RunMeta(tag, notes, commandLine, host, jvm, build, file);
    }

    /**
     * The client host.
     *
     * @param cpuModel        CPU model name ({@code /proc/cpuinfo}), "unknown" when unreadable
     * @param cores           logical CPUs available to the JVM
     * @param memoryBytes     total memory ({@code MemTotal}), -1 when unknown
     * @param kernel          OS name and kernel release
     * @param dataDeviceModel model of the block device(s) holding the store's data, "unknown" when not found
     * @param filesystem      filesystem type of the store's data directory, "unknown" when not local
     */
    public record HostFacts(String cpuModel, int cores, long memoryBytes, String kernel, String dataDeviceModel,
                            String filesystem) {
        public HostFacts {
            Objects.requireNonNull(cpuModel, "cpuModel");
            Objects.requireNonNull(kernel, "kernel");
            Objects.requireNonNull(dataDeviceModel, "dataDeviceModel");
            Objects.requireNonNull(filesystem, "filesystem");
        }
    }

    /**
     * The JVM.
     *
     * @param version      {@code java.runtime.version}
     * @param vendor       {@code java.vendor}
     * @param flags        the JVM's input arguments (-Xmx..., -XX:...), secrets redacted
     * @param maxHeapBytes {@link Runtime#maxMemory()}
     */
    public record JvmFacts(String version, String vendor, List<String> flags, long maxHeapBytes) {
        public JvmFacts {
            Objects.requireNonNull(version, "version");
            Objects.requireNonNull(vendor, "vendor");
            flags = List.copyOf(flags);
        }
    }

    /**
     * The linkbench build.
     *
     * @param version the project version ("dev" outside a jar)
     * @param commit  the git commit it was built from, "unknown" when built outside git
     */
    public record BuildFacts(String version, String commit) {
        public BuildFacts {
            Objects.requireNonNull(version, "version");
            Objects.requireNonNull(commit, "commit");
        }
    }
}
