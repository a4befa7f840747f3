/**
 * A refused field's message under it (the server's `errors`, or the shared schema's), never a status
 * code. `fieldErrorProps` ties the field to it and to its hints, so focusing the field reads it out.
 */
export function FieldError({ fieldId, message }: { fieldId: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={`${fieldId}-error`} className="text-sm font-medium text-destructive">
      {message}
    </p>
  );
}

export function fieldErrorProps(fieldId: string, message: string | undefined, ...hintIds: string[]) {
  const describedBy = [...hintIds, ...(message ? [`${fieldId}-error`] : [])].join(" ");
  return { "aria-invalid": message ? true : undefined, "aria-describedby": describedBy || undefined };
}
