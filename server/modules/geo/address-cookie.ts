import type { FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import type { SavedAddress } from "#domain/geo/api.ts";

/** The delivery address cookie (spec §9: kept 1 year). */
export const ADDRESS_COOKIE = "address";
export const ADDRESS_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

const savedAddressSchema = z.object({
  address: z.string().max(300),
  street: z.string().max(300),
  street_number: z.string().max(20).nullable(),
  route: z.string().max(200).nullable(),
  unit: z.string().max(40).nullable(),
  city: z.string().max(100),
  state: z.string().length(2),
  zip: z.string().regex(/^\d{5}$/),
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
  store_id: z.string().max(64),
  shipping: z.boolean(),
});

/** The saved address, or null when there is none or it does not read (a hand-edited cookie is ignored). */
export function readAddressCookie(req: FastifyRequest): SavedAddress | null {
  const raw = req.cookies?.[ADDRESS_COOKIE];
  if (!raw) return null;
  try {
    const parsed = savedAddressSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function writeAddressCookie(reply: FastifyReply, address: SavedAddress, secure: boolean): void {
  reply.setCookie(ADDRESS_COOKIE, JSON.stringify(address), {
    path: "/",
    maxAge: ADDRESS_COOKIE_MAX_AGE_S,
    httpOnly: true,
    sameSite: "lax",
    secure,
  });
}
