package buggy

// protoactor-go, declared for confinecheck. The first line says that only the
// actor may use its actor.Context (every call through it must run on the
// actor); the second, that ctx.ReenterAfter runs its continuation on the
// actor. The declarations hold in this package and in every package that
// imports it. To check a service of your own, copy this file into a package
// with actors, package clause changed: see ../README.md.

//confined:declare owner github.com/asynkron/protoactor-go/actor.Context
//confined:declare hop github.com/asynkron/protoactor-go/actor.Context.ReenterAfter:continuation
