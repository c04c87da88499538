import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:https";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, expect, it } from "vitest";
import { SYSTEM } from "#core/actor.ts";
import { scratchStorage } from "../../testing/scratch-storage.ts";
import { describeEachDatabase } from "../../testing/test-databases.ts";
import { fetchDuePictures } from "./picture-fetches.ts";
import { importProductFile } from "./product-files.service.ts";

/** An https server on this machine with a certificate of its own, serving a picture, text and a large file. */
let server: Server;
let base = "";
let certificate = "";
beforeAll(async () => {
  const dir = mkdtempSync(path.join(tmpdir(), "picture-server-"));
  try {
    execFileSync(
      "openssl",
      ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=127.0.0.1"]
        .concat(["-addext", "subjectAltName=IP:127.0.0.1", "-keyout", path.join(dir, "key.pem")])
        .concat(["-out", path.join(dir, "cert.pem")]),
      { stdio: "pipe" },
    );
    certificate = readFileSync(path.join(dir, "cert.pem"), "utf8");
    const key = readFileSync(path.join(dir, "key.pem"), "utf8");
    const picture = await sharp({ create: { width: 400, height: 500, channels: 3, background: "#c0392b" } })
      .jpeg()
      .toBuffer();
    server = createServer({ key, cert: certificate }, (request, response) => {
      if (request.url === "/kurta.jpg") response.end(picture);
      else if (request.url === "/page.html") response.end("<html>not a picture</html>");
      else if (request.url === "/huge.jpg") response.end(Buffer.alloc(6 * 1024 * 1024));
      else response.writeHead(404).end();
    });
    await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
    base = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
afterAll(() => new Promise<void>((done) => server.close(() => done())));

describeEachDatabase("pictures an import fetches", (database) => {
  it("stores a good picture in the product and reports a page, a huge file, a 404 and a private address", async () => {
    const { db } = database();
    const storage = scratchStorage("pictures");
    const file = [
      "Handle,Title,Body (HTML),Type,Option1 Value,Variant Price,Image Src,Image Position,Collections",
      `fetched-kurta,Fetched Kurta,<p>Red.</p>,Kurta,M,999,${base}/kurta.jpg,1,Ethnic`,
      `fetched-kurta,,,,,,${base}/page.html,2,`,
      `fetched-kurta,,,,,,${base}/huge.jpg,3,`,
      `fetched-kurta,,,,,,${base}/gone.jpg,4,`,
    ].join("\n");
    const report = await importProductFile(db, SYSTEM, [file], { publicUrl: "https://kesar.test", fileName: "p.csv" });
    expect(report.pictures).toBe(4);

    // A private address is refused unless allowed (here the test server's, which is on this machine).
    await fetchDuePictures({ db, storage, ca: certificate }, Date.now(), 1);
    const refused = await db
      .selectFrom("pictureFetches")
      .selectAll()
      .where("importId", "=", report.id)
      .orderBy("id")
      .execute();
    expect(refused[0]).toMatchObject({
      status: "failed",
      error: "The address is inside a private network: only public addresses are fetched.",
    });
    await db
      .updateTable("pictureFetches")
      .set({ status: "waiting", attempts: 0 })
      .where("importId", "=", report.id)
      .execute();

    await fetchDuePictures({ db, storage, ca: certificate, allowPrivateAddresses: true }, Date.now(), 10);
    const fetched = await db
      .selectFrom("pictureFetches")
      .select(["url", "status", "error"])
      .where("importId", "=", report.id)
      .orderBy("id")
      .execute();
    expect(fetched.map((row) => [row.status, row.error])).toEqual([
      ["stored", null],
      ["failed", "Please upload a JPEG, PNG or WebP image of at most 5 MB."],
      ["failed", "The picture is larger than 5 MB."],
      ["failed", "The address answered 404."],
    ]);
    const product = await db
      .selectFrom("products")
      .selectAll()
      .where("handle", "=", "fetched-kurta")
      .executeTakeFirstOrThrow();
    expect(product.imageMain).toMatch(/^products\/[0-9a-f]{20}$/);
    expect(await storage.get(`${product.imageMain}-960.webp`)).toBeTruthy();
    expect(product.image1).toBe(`${base}/page.html`);
  });
});
