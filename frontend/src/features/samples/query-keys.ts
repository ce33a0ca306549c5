export const sampleKeys = {
  all: ["samples"] as const,
  list: () => [...sampleKeys.all, "list"] as const,
};
