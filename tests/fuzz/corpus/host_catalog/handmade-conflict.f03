a h1
b h2
a h2
