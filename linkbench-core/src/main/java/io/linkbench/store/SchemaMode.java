package io.linkbench.store;

/** What {@link GraphStore#prepareForLoad} does with existing data (property {@code schema}). */
public enum SchemaMode {
    /** Create what is missing; refuse to load into a store that already holds nodes, links or counts. */
    CREATE,
    /** Drop everything and create it anew. Chosen explicitly by the user, never by default. */
    RECREATE
}
