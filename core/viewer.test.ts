import { describe, expect, it } from "vitest";
import { navLinks, type Viewer } from "./viewer.ts";

const labels = (viewer: Viewer, place: "bar" | "mobile") => navLinks(viewer, place).map((link) => link.label);

describe("the frame's links", () => {
  it("offers a visitor Cart, Wishlist and Login/Signup", () => {
    expect(labels(null, "bar")).toEqual(["Cart", "Wishlist", "Login/Signup"]);
    expect(labels(null, "mobile")).toEqual(["Cart", "Wishlist", "Login/Signup"]);
  });

  it("offers a customer the signed-in links and no Admin link", () => {
    const customer: Viewer = { name: "A", email: "a@b.in", role: "customer" };
    const expected = ["Update Profile", "Profile", "Cart", "Orders", "Wishlist", "All Products", "Logout"];
    expect(labels(customer, "bar")).toEqual(expected);
    expect(labels(customer, "mobile")).toEqual(expected);
  });

  it("adds Admin for the administrator, who has no Orders link in the mobile menu", () => {
    const admin: Viewer = { name: "A", email: "a@b.in", role: "owner" };
    expect(labels(admin, "bar")).toContain("Admin");
    expect(labels(admin, "bar")).toContain("Orders");
    expect(labels(admin, "mobile")).toContain("Admin");
    expect(labels(admin, "mobile")).not.toContain("Orders");
  });
});
