import type { ColumnDataType, ColumnDefinitionBuilder } from "kysely";

type DataTypeExpression = ColumnDataType;

export type DatabaseKind = "sqlite" | "postgres";

/**
 * Column types that differ between the two databases. NOTE: `serial` on SQLite silently stores
 * NULL ids, so the id column needs its own branch (docs/architecture.md, known gotchas).
 */
export interface PortableTypes {
  kind: DatabaseKind;
  id: DataTypeExpression;
  idConstraints: (column: ColumnDefinitionBuilder) => ColumnDefinitionBuilder;
  boolean: DataTypeExpression;
  timestamp: DataTypeExpression;
  bytes: DataTypeExpression;
}

export function portableTypes(kind: DatabaseKind): PortableTypes {
  return kind === "postgres"
    ? {
        kind,
        id: "serial",
        idConstraints: (c) => c.primaryKey(),
        boolean: "boolean",
        timestamp: "timestamptz",
        bytes: "bytea",
      }
    : {
        kind,
        id: "integer",
        idConstraints: (c) => c.primaryKey().autoIncrement(),
        boolean: "integer",
        timestamp: "text",
        bytes: "blob",
      };
}
