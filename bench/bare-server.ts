/**
 * The product API's baseline: a bare node:http server answering every request with the same bytes. It runs in
 * a process of its own, like the storefront server, so neither shares a thread with the load generator.
 * Usage: node bench/bare-server.ts <body-file> <port>; prints "ready" once listening.
 */
import fs from "node:fs";
import http from "node:http";

const [bodyFile, port] = process.argv.slice(2);
const body = fs.readFileSync(bodyFile);
http
  .createServer((_req, res) => {
    res.writeHead(200, { "content-type": "application/json; charset=utf-8", "content-length": body.length });
    res.end(body);
  })
  .listen(Number(port), "127.0.0.1", () => console.log("ready"));
