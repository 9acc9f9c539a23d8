/**
 * Baselines of the product API: a server answering every request with the same bytes, in a process of its own
 * like the storefront server, so none shares a thread with the load generator. `node` is a bare node:http
 * server; `fastify` a bare Fastify route (the framework without our plugins, hooks and validation).
 * Usage: node --import tsx bench/bare-server.ts <node|fastify> <body-file> <port>; prints "ready" once listening.
 */
import fs from "node:fs";
import http from "node:http";
import Fastify from "fastify";

const [kind, bodyFile, port] = process.argv.slice(2);
const body = fs.readFileSync(bodyFile);
const contentType = "application/json; charset=utf-8";

if (kind === "fastify") {
  const app = Fastify();
  app.get("/*", (_req, reply) => {
    reply.type(contentType).send(body);
  });
  await app.listen({ port: Number(port), host: "127.0.0.1" });
  console.log("ready");
} else {
  http
    .createServer((_req, res) => {
      res.writeHead(200, { "content-type": contentType, "content-length": body.length });
      res.end(body);
    })
    .listen(Number(port), "127.0.0.1", () => console.log("ready"));
}
