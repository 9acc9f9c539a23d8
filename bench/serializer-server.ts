/**
 * The product and search answers served by a bare Fastify app, once per serializer (bench/serializers.ts) under
 * /<kind>/menu/product/:skus and POST /<kind>/menu/search/v4: each route carries the real route's response schema
 * and returns the same value, so the serializer is the only difference. A process of its own, like
 * bench/bare-server.ts, so the load generator does not share its thread.
 * Usage: node --import tsx bench/serializer-server.ts <fixture-file>; prints the port it listens on once ready.
 */
import fs from "node:fs";
import Fastify from "fastify";
import { SERIALIZERS, type SerializerFixture, serializerFor } from "./serializers.ts";

const [fixtureFile] = process.argv.slice(2);
const fixture = JSON.parse(fs.readFileSync(fixtureFile, "utf8")) as SerializerFixture;

const app = Fastify();
for (const kind of SERIALIZERS) {
  const serialize = {
    product: serializerFor(kind, "product", fixture.jsonSchemas.product),
    search: serializerFor(kind, "search", fixture.jsonSchemas.search),
  };
  app.get(
    `/${kind}/menu/product/:skus`,
    { schema: { response: { 200: {} } }, serializerCompiler: () => serialize.product },
    async () => fixture.values.product,
  );
  app.post(
    `/${kind}/menu/search/v4`,
    { schema: { response: { 200: {} } }, serializerCompiler: () => serialize.search },
    async () => fixture.values.search,
  );
}
await app.listen({ port: 0, host: "127.0.0.1" });
const address = app.server.address();
console.log(typeof address === "object" && address ? address.port : "");
