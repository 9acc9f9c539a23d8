import { sample } from "openapi-sampler";

type Json = Record<string, unknown>;

/**
 * Puts an example on every success answer with a JSON body that has none (the media type's `example`), generated
 * from the answer's schema by openapi-sampler (Redocly's, as Redoc shows): named schemas give their own example
 * (`.meta({ example })`, server/openapi/answer-examples.ts), the rest is sampled from types, formats and enums,
 * and an array shows one item. The example therefore has the schema's shape by construction;
 * server/openapi/examples.test.ts validates each against its schema all the same.
 */
export function withAnswerExamples(doc: Json): void {
  // Sampled from a copy without zod's safe-integer bounds, which the sampler would take as the value.
  const forSampling = withoutSafeIntegerBounds(structuredClone(doc));
  for (const { media, sampled } of successMedia(doc, forSampling)) {
    if (media.example !== undefined || media.examples !== undefined || !sampled.schema) continue;
    media.example = sample(
      sampled.schema as never,
      { skipReadOnly: false, skipWriteOnly: true, skipNonRequired: false, quiet: true },
      forSampling,
    );
  }
}

/** The JSON media types of every 2xx answer, beside the same place in `twin` (a copy of the document). */
function* successMedia(doc: Json, twin: Json): Generator<{ media: Json; sampled: Json }> {
  const paths = doc.paths as Record<string, Record<string, { responses?: Record<string, Json> }>>;
  const twinPaths = twin.paths as typeof paths;
  for (const [path, methods] of Object.entries(paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      for (const [status, answer] of Object.entries(operation.responses ?? {})) {
        if (!/^2\d\d$/.test(status)) continue;
        const content = (answer.content ?? {}) as Record<string, Json>;
        const twinContent = twinPaths[path][method].responses?.[status].content as Record<string, Json>;
        for (const [type, media] of Object.entries(content)) {
          if (isJson(type)) yield { media, sampled: twinContent[type] };
        }
      }
    }
  }
}

export function isJson(mediaType: string): boolean {
  return /^application\/(.+\+)?json$/.test(mediaType);
}

function withoutSafeIntegerBounds(value: unknown): Json {
  if (Array.isArray(value)) for (const item of value) withoutSafeIntegerBounds(item);
  else if (value && typeof value === "object") {
    const node = value as Json;
    if (node.minimum === Number.MIN_SAFE_INTEGER) delete node.minimum;
    if (node.maximum === Number.MAX_SAFE_INTEGER) delete node.maximum;
    for (const child of Object.values(node)) withoutSafeIntegerBounds(child);
  }
  return value as Json;
}
