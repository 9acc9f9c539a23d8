import sharp from "sharp";
import { DEMO_ADMIN_EMAIL, DEMO_STAFF_PASSWORD } from "../server/modules/console/staff.ts";

/**
 * Gives a product a photo through the API, as an administrator would (issue 34 §2), for the first-paint bench: the
 * product page's Lighthouse score and LCP with a photo as its largest paint. The file is a photo-sized picture with a
 * photo's detail (blurred noise: about what a bottle shot weighs once encoded), not any product's look.
 */
export async function giveProductPhoto(base: string, sku: string): Promise<string> {
  const jar = new Map<string, string>();
  const remember = (res: Response) => {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const at = pair.indexOf("=");
      jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
  };
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
  const token = async () => {
    const session = await fetch(`${base}/auth/session`, { headers: { cookie: cookie() } });
    remember(session);
    return ((await session.json()) as { csrfToken: string }).csrfToken;
  };
  remember(await fetch(`${base}/`));
  const login = await fetch(`${base}/auth/login`, {
    method: "POST",
    headers: { cookie: cookie(), "content-type": "application/json", "x-csrf-token": await token() },
    body: JSON.stringify({ username: DEMO_ADMIN_EMAIL, password: DEMO_STAFF_PASSWORD }),
  });
  if (login.status !== 200) throw new Error(`admin sign-in answered ${login.status}: ${await login.text()}`);
  remember(login);
  const photo = await sharp({
    create: {
      width: 1200,
      height: 1600,
      channels: 3,
      background: "#8c6a4a",
      noise: { type: "gaussian", mean: 140, sigma: 50 },
    },
  })
    .blur(3)
    .jpeg({ quality: 88 })
    .toBuffer();
  const res = await fetch(`${base}/api/console/products/${sku}/photo`, {
    method: "PUT",
    headers: { cookie: cookie(), "content-type": "image/jpeg", "x-csrf-token": await token() },
    body: photo,
  });
  if (res.status !== 200) throw new Error(`photo upload answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { image: string }).image;
}
