// The offline page stands in for the page that failed to load: "Try again" loads that page again.
document.querySelector(".retry")?.addEventListener("click", () => location.reload());
