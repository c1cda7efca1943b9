/** A column title that wraps (the table's titles never do) rather than widening a column of short figures. */
export function ColumnTitle({ children }: { children: string }) {
  return <span style={{ whiteSpace: 'normal', display: 'block' }}>{children}</span>;
}
