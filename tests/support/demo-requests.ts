let counter = 0;

/** A valid docs/product.md §7 demo payload; every call a different person (unique name and e-mail). */
export function demoRequestBody(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return {
    name: `Ada Lovelace ${counter}`,
    email: `ada.${process.pid}.${counter}@example.com`,
    phone: "+44 20 7946 0000",
    organization: "Analytical Engines Ltd",
    message: "Forecasts for 40 stores,\nplease.",
    ...overrides,
  };
}
