/**
 * Which pages are documents (docs/decisions/019-public-pages-are-documents.md): a layout route declares
 * `export const handle = documentPage;` for pages that are server HTML plus one small script that adds
 * behaviour to what is there. Their documents carry no React Router scripts and never hydrate. Pages that
 * declare nothing (the CMS) are the React app.
 */
export interface DocumentPageHandle {
  document: true;
}

export const documentPage: DocumentPageHandle = { document: true };

export function isDocumentPage(handles: readonly unknown[]): boolean {
  return handles.some((handle) => (handle as Partial<DocumentPageHandle> | undefined)?.document === true);
}
