/** A plan item's query key (GET /api/autopilot/items/{itemId}), apart from the plan screens' code. */
export const itemKey = (itemId: string) => ["/api/autopilot/items/{itemId}", itemId] as const;
