package explain // want package:"declares: completes async time.NewTimer; async example.com/elsewhere.Every; hop time.Sleep}$"
