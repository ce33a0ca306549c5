export const hostKeys = {
  all: ["hosts"] as const,
  list: () => [...hostKeys.all, "list"] as const,
};
