import { isRouteErrorResponse } from "react-router";

/** The 404 and error pages' titles (docs/product.md §2), apart from their body so a page's meta needs no more. */
export const notFoundTitle = "Page Not Found";
export const errorTitle = "Something went wrong";

export const isNotFound = (error: unknown) => isRouteErrorResponse(error) && error.status === 404;
