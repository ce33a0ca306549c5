export const tokenKeys = {
  all: ["tokens"] as const,
  list: () => [...tokenKeys.all, "list"] as const,
};
