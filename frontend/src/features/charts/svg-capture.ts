// The DOM half of "Download": read a drawn chart's <svg> with its computed styles inlined (CSS
// classes do not travel with a file), turn an SVG document into a PNG, and save a blob.

const STYLE_PROPERTIES = [
  "fill",
  "fill-opacity",
  "stroke",
  "stroke-width",
  "stroke-dasharray",
  "stroke-opacity",
  "stroke-linecap",
  "stroke-linejoin",
  "opacity",
  "font-family",
  "font-size",
  "font-weight",
  "text-anchor",
  "dominant-baseline",
  "visibility",
] as const;

/** The chart's drawing inside `root`: a Recharts surface or one of our own SVG charts. */
export function findChartSvg(root: HTMLElement | null): SVGSVGElement | null {
  return root?.querySelector<SVGSVGElement>("svg[data-chart-svg], svg.recharts-surface") ?? null;
}

/** The <svg>'s children as markup, each element carrying its computed style inline. */
export function serializeChart(svg: SVGSVGElement): { markup: string; width: number; height: number } {
  const clone = svg.cloneNode(true) as SVGSVGElement;
  const source = [svg, ...svg.querySelectorAll("*")];
  const target = [clone, ...clone.querySelectorAll("*")];
  source.forEach((element, i) => {
    const computed = getComputedStyle(element);
    if (computed.display === "none") {
      target[i].setAttribute("display", "none");
      return;
    }
    const style = STYLE_PROPERTIES.map((p) => [p, computed.getPropertyValue(p)] as const)
      .filter(([, v]) => v !== "" && v !== "normal" && v !== "auto")
      .map(([p, v]) => `${p}:${v}`)
      .join(";");
    target[i].setAttribute("style", style);
    target[i].removeAttribute("class");
  });
  const box = svg.getBoundingClientRect();
  const serializer = new XMLSerializer();
  const markup = [...clone.childNodes].map((node) => serializer.serializeToString(node)).join("");
  return { markup, width: box.width, height: box.height };
}

/** Rasterises an SVG document at `scale`× on white. */
export async function svgToPng(svg: string, width: number, height: number, scale = 2): Promise<Blob> {
  const url = URL.createObjectURL(new Blob([svg], { type: "image/svg+xml;charset=utf-8" }));
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    const canvas = document.createElement("canvas");
    canvas.width = Math.round(width * scale);
    canvas.height = Math.round(height * scale);
    const context = canvas.getContext("2d");
    if (!context) throw new Error("This browser cannot draw on a canvas.");
    context.fillStyle = "#ffffff";
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.drawImage(image, 0, 0, canvas.width, canvas.height);
    return await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error("Could not make a PNG."))), "image/png"),
    );
  } finally {
    URL.revokeObjectURL(url);
  }
}

/** Saves a blob as a file through a temporary link. */
export function downloadBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  link.style.display = "none";
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
